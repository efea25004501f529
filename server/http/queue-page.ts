// A staff queue's page (docs/design.md#moderation): the documented array, at most `limit` items
// after the id `after`, oldest first, narrowed by kind and date (decision 028); X-Total-Count (what
// the filter lists in all) and a Link to the next page, with the same filter, say what is left.
// No answer grows with the queue.
import type { Request, Response } from 'express';
import { queueQueryFor, type QueueName, type QueueQuery } from '../../shared/contract/admin';
import { parse } from './validate';

export interface QueuePage<T> { items: T[]; total: number; hasMore: boolean }

export function queueQuery(req: Request, queue: QueueName): QueueQuery {
  return parse(queueQueryFor(queue), req.query);
}

/** The page's items read with `LIMIT limit + 1` (the extra one only says that more follow), oldest first by
 * (time, id) after the item `after` (an id no longer waiting: from the start). */
export function pageOf<T extends { id: number }>(rows: T[], limit: number, total: number): QueuePage<T> {
  return { items: rows.slice(0, limit), total, hasMore: rows.length > limit };
}

export function sendQueuePage<T extends { id: number }>(req: Request, res: Response, query: QueueQuery, page: QueuePage<T>): void {
  res.setHeader('X-Total-Count', String(page.total));
  const last = page.items[page.items.length - 1];
  if (page.hasMore && last) {
    const next = new URLSearchParams({ limit: String(query.limit), after: String(last.id) });
    for (const key of ['kind', 'since', 'until'] as const) if (query[key]) next.set(key, query[key]);
    res.setHeader('Link', `<${req.path}?${next.toString()}>; rel="next"`);
  }
  res.json(page.items);
}
