import { z } from 'zod';
import { MSG } from '../messages.js';

/** Feedback dialog: title and message both required, trimmed (spec 1 §5). */
export const feedbackSchema = z.object({
  Title: z.string().trim().min(1, { message: MSG.nonEmpty }).max(200),
  Message: z.string().trim().min(1, { message: MSG.nonEmpty }).max(5000),
});
