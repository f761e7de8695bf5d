/** The body every subscription gets for an event (the same bytes each attempt, which the signature covers). */
export const eventBody = (event: { id: number; type: string; created_at: string; data: string }) =>
  `{"id":"evt_${event.id}","type":${JSON.stringify(event.type)},"timestamp":${JSON.stringify(event.created_at)},"data":${event.data}}`;
