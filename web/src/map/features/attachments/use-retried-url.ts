import { useEffect, useState } from 'react';
import { useFileUrl } from './attachments-api';

/**
 * A file's signed URL for an <img>, a PDF viewer or a link. A preview that fails (the URL expired, the
 * file could not be read, the GetFile call failed) asks for a new URL once; a second failure is final
 * and the caller shows the preview-not-found message (spec 3 §4, §8).
 */
export function useRetriedUrl(id: string, thumb: boolean) {
  const query = useFileUrl(id, thumb);
  // `failedUrlAt`: when the URL that failed was fetched; only a newer one is shown again.
  const fresh = { id, retried: false, failed: false, failedUrlAt: 0 };
  const [attempt, setAttempt] = useState(fresh);
  // Another file starts afresh (state adjusted while rendering, as React advises over an effect).
  const current = attempt.id === id ? attempt : fresh;
  if (current !== attempt) setAttempt(current);

  const { refetch } = query;
  const fail = () => {
    if (current.retried) setAttempt({ ...current, failed: true });
    else {
      setAttempt({ ...current, retried: true, failedUrlAt: query.dataUpdatedAt });
      void refetch();
    }
  };
  const callFailed = query.isError && !query.isFetching;
  useEffect(() => {
    if (callFailed) fail();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new failure of the call counts; fail is new each render
  }, [callFailed]);

  const renewed = query.dataUpdatedAt > current.failedUrlAt;
  return {
    url: current.failed || query.isError || !renewed ? undefined : query.data?.url,
    loading: !current.failed && (query.isPending || query.isFetching),
    failed: current.failed,
    /** Changes with the retry: a key that remounts the element, so it loads again even from an equal URL. */
    attempt: current.retried ? 1 : 0,
    /** The element showing the URL failed to load it. */
    onError: fail,
  };
}
