import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { formDataEntrySchema, type FormDataEntry } from '@fieldbook/domain';

/** How long the form may take to validate and answer before the dialog gives up. */
const ANSWER_TIMEOUT_MS = 15_000;

/** What the form page answers to "validate-and-get-data" (server/src/feature-forms/bridge.ts). */
export interface FormAnswer {
  valid: boolean;
  errors: string[];
  data: FormDataEntry[];
}

// The frame is the form author's code: its answers are read as untrusted input.
const answerSchema = z.object({
  source: z.literal('fieldbook-form'),
  type: z.literal('form-data'),
  requestId: z.number(),
  valid: z.boolean(),
  errors: z.array(z.string().max(1000)).max(100).catch([]),
  data: z.array(formDataEntrySchema).catch([]),
});
const readySchema = z.object({ source: z.literal('fieldbook-form'), type: z.literal('ready') });

/**
 * Talks to the form page in the dialog's sandboxed iframe (opaque origin, so messages go to '*' and
 * are told apart by their source window): when the page is ready it gets the record's values (and
 * whether it is read-only); `validate` runs the form's own validation and returns its values.
 */
export function useFormFrame(initial: { data: FormDataEntry[]; readOnly: boolean }) {
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [ready, setReady] = useState(false);
  const waiting = useRef(new Map<number, (answer: FormAnswer) => void>());
  const nextId = useRef(1);
  const initialRef = useRef(initial);
  initialRef.current = initial;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target) return;
      if (readySchema.safeParse(event.data).success) {
        target.postMessage({ type: 'fill', ...initialRef.current }, '*');
        setReady(true);
        return;
      }
      const answer = answerSchema.safeParse(event.data);
      if (!answer.success) return;
      waiting.current.get(answer.data.requestId)?.(answer.data);
      waiting.current.delete(answer.data.requestId);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const validate = useCallback(
    () =>
      new Promise<FormAnswer>((resolve, reject) => {
        const target = frame.current?.contentWindow;
        if (!target) return reject(new Error('no form'));
        const requestId = nextId.current++;
        const timer = window.setTimeout(() => {
          waiting.current.delete(requestId);
          reject(new Error('no answer'));
        }, ANSWER_TIMEOUT_MS);
        waiting.current.set(requestId, (answer) => {
          window.clearTimeout(timer);
          resolve(answer);
        });
        target.postMessage({ type: 'validate-and-get-data', requestId }, '*');
      }),
    [],
  );

  return { frame, ready, validate };
}
