import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
// Bundled by Vite as a file of the app: the worker loads from our own origin, offline too.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Opens a PDF from a signed URL (fetched without the Authorization header). The app's policy allows
 * no eval and no WebAssembly, so PDF.js runs without either; fonts a PDF does not embed fall back to
 * the system's.
 */
export function openPdf(url: string): { promise: Promise<PDFDocumentProxy>; destroy: () => Promise<void> } {
  const task = getDocument({ url, isEvalSupported: false, useWasm: false, withCredentials: false });
  return { promise: task.promise, destroy: () => task.destroy() };
}

export type { PDFDocumentProxy };
