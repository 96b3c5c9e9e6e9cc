import { useEffect } from 'react';

/** The spec's landing loaders: a failure is logged with its own line, and the section carries on. */
export function useLoadErrorLog(message: string, error: Error | null): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [message, error]);
}
