import type { OrderDto } from './mapping';

type Listener = (order: OrderDto) => void;

/**
 * Orders written by other modules than the book-order routes (a driver's completed inspections move an order to
 * Picked up, server/modules/vehicleInspections/roadStatus.ts): whoever shows orders live (the dispatch board, board.ts)
 * listens here as it does to the routes' own writes.
 */
export class OrderChanges {
  private readonly listeners = new Set<Listener>();

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(order: OrderDto): void {
    for (const listener of this.listeners) listener(order);
  }
}
