/**
 * Hashes one file off the main thread, so a large file does not freeze the page.
 * Protocol: one request `{ file, mode, engine }` in; `{ type: 'progress', percent }`
 * messages, then `{ type: 'done', md5 }` or `{ type: 'error', message }` out. The page
 * terminates the worker to cancel.
 */
import type { HashMode } from '../../application/ports/upload';
import { createMd5Engine, md5OfBlob, type Md5EngineChoice } from './md5';

export type Md5WorkerRequest = { readonly file: Blob; readonly mode: HashMode; readonly engine: Md5EngineChoice };
export type Md5WorkerReply =
  | { readonly type: 'progress'; readonly percent: number }
  | { readonly type: 'done'; readonly md5: string }
  | { readonly type: 'error'; readonly message: string };

const post = (reply: Md5WorkerReply): void => (self as unknown as { postMessage(m: Md5WorkerReply): void }).postMessage(reply);

self.addEventListener('message', (event: MessageEvent<Md5WorkerRequest>) => {
  const { file, mode, engine } = event.data;
  void (async () => {
    try {
      const md5 = await md5OfBlob(file, mode, await createMd5Engine(engine), (percent) => post({ type: 'progress', percent }));
      post({ type: 'done', md5 });
    } catch (e) {
      post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  })();
});
