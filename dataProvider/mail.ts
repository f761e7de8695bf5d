import type {
  MailChangeBody,
  MailDto,
  MailLabelBody,
  MailLabelDto,
  MailLabelsDto,
  MailSummaryDto,
} from '../schema/mail';
import { apiFetch, unwrap } from './http';

export interface MailPage {
  items: MailSummaryDto[];
  totalCount: number;
  page: number;
  size: number;
}

export interface MailQuery {
  /** A system label (all, unread, starred, trash) or a custom label's id. */
  label: string;
  search?: string;
  page?: number;
  size?: number;
}

/** The in-app mailbox (docs/product/accounts.md#mailbox): the system's messages to this user, with labels. Own only. */
export const mailApi = {
  labels: async () => unwrap<MailLabelsDto>(await apiFetch('/api/mail/labels')),
  list: async ({ label, search, page, size }: MailQuery) =>
    unwrap<MailPage>(await apiFetch('/api/mail/mails', { query: { label, search, page, size } })),
  /** Reading a message marks it read. */
  get: async (id: number) => unwrap<MailDto>(await apiFetch(`/api/mail/mails/${id}`)),
  update: async (id: number, change: MailChangeBody) =>
    unwrap<MailSummaryDto>(await apiFetch(`/api/mail/mails/${id}`, { method: 'PUT', body: change })),
  createLabel: async (body: MailLabelBody) =>
    unwrap<MailLabelDto>(await apiFetch('/api/mail/labels', { method: 'POST', body })),
  updateLabel: async (id: number, body: MailLabelBody) =>
    unwrap<MailLabelDto>(await apiFetch(`/api/mail/labels/${id}`, { method: 'PUT', body })),
  deleteLabel: async (id: number) => apiFetch(`/api/mail/labels/${id}`, { method: 'DELETE' }),
};
