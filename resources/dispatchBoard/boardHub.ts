import { useEffect, useRef } from 'react';
import type { BoardDrag, BoardOrderChange } from '../../schema/dispatchBoard';
import {
  HUB_CONNECTED,
  HUB_DISCONNECTED,
  invokeHub,
  isHubConnected,
  subscribeHubEvent,
} from '../../ui/realtime/hubBus';
import { HUB_METHODS } from '../../schema/realtime';

export interface BoardHubEvents {
  changed(change: BoardOrderChange): void;
  drag(drag: BoardDrag): void;
  /** Connected again after a drop: what happened meanwhile was missed, read the board again. */
  reconnected(): void;
  /** Whether live updates flow now. */
  live(on: boolean): void;
}

/**
 * The board's part of the layout's /notify connection (ui/realtime/hubBus.ts): order changes and who holds which
 * card, while the board is on screen. Returns `dragging`, which tells the others which card this user holds (null:
 * none), repeated while it is held; it is dropped quietly while the connection is down.
 */
export function useBoardHub(events: BoardHubEvents): (orderId: number | null) => void {
  const latest = useRef(events);
  latest.current = events;
  useEffect(() => {
    latest.current.live(isHubConnected());
    const offs = [
      subscribeHubEvent(
        HUB_METHODS.boardOrderChanged,
        (change) => (change as BoardOrderChange | null)?.card && latest.current.changed(change as BoardOrderChange),
      ),
      subscribeHubEvent(HUB_METHODS.boardDrag, (drag) => drag && latest.current.drag(drag as BoardDrag)),
      subscribeHubEvent(HUB_CONNECTED, () => {
        latest.current.live(true);
        latest.current.reconnected();
      }),
      subscribeHubEvent(HUB_DISCONNECTED, () => latest.current.live(false)),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  // A card held is said again every few seconds while it is held: a board that opened (or whose connection came up,
  // on this server or another) after it was picked up learns who holds it instead of never hearing of it.
  const held = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => () => void (held.current && clearInterval(held.current)), []);
  return (orderId) => {
    const tell = () => void invokeHub(HUB_METHODS.boardDragging, orderId).catch(() => undefined);
    if (held.current) clearInterval(held.current);
    held.current = orderId === null ? null : setInterval(tell, HOLD_REPEAT_MS);
    tell();
  };
}

/** How often a held card is said again. */
const HOLD_REPEAT_MS = 3_000;
