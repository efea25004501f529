// The boundary check: every request body, query and path id goes through a shared zod schema.
import type { z } from 'zod';
import { id as idSchema } from '../../shared/contract/common';
import { AppError, zodDetails, zodMessage } from '../errors';

export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError(400, zodMessage(result.error), zodDetails(result.error));
  return result.data;
}

/** A path id; anything but a positive whole number is a 404, as no such item can exist. */
export function pathId(value: unknown): number {
  const result = idSchema.safeParse(value);
  if (!result.success) throw new AppError(404, 'That item was not found.');
  return result.data;
}
