/**
 * MD5 (RFC 1321) in WebAssembly, with the module's bytes written out below rather than
 * shipped as a binary: one exported function `blocks(at, count)` runs the compression
 * over `count` 64-byte blocks at byte `at` of the module's memory; the page side keeps
 * the 64 KB input buffer, the byte count and the final padding.
 *
 * Why not a library's build: the additions of each of the 64 steps are ordered so that
 * only `f(b, c, d)`, one add, the rotation and the add of `b` wait for the previous
 * step; `a + X[k] + T[i]` (and in round 2 `c & ~d`) are summed while that step runs.
 * Compiled C (hash-wasm) adds `T[i]` after `f`, which V8 turns into a three-operand LEA
 * on that dependency chain: 0.75-0.8x of node:crypto's MD5 against about 1.0x here
 * (bench/hash.ts). Only WebAssembly 1.0 (MVP) instructions are used; the page needs
 * the same `'wasm-unsafe-eval'` as any WebAssembly.
 */

/** T[i] = floor(abs(sin(i + 1)) * 2^32), RFC 1321 3.4, written out so no Math.sin rounding can differ. */
const T: readonly number[] = [
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
  0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
  0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
  0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
  0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
  0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
  0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
  0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
];
/** The rotation of step i is SHIFTS[4 * round + i % 4]. */
const SHIFTS: readonly number[] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
/** The message word X[k] that step i adds. */
const wordOf = (i: number): number => (i < 16 ? i : i < 32 ? (5 * i + 1) % 16 : i < 48 ? (3 * i + 5) % 16 : (7 * i) % 16);

/** Bytes of input handed to `blocks` at a time: a multiple of 64 that stays in the CPU's cache. */
export const MD5_WASM_BUFFER = 64 * 1024;
/** The running state A, B, C, D (little-endian words) sits right after the buffer. */
const STATE = MD5_WASM_BUFFER;
const PAGES = Math.ceil((STATE + 16) / 65536);

const unsigned = (n: number): number[] => {
  const out: number[] = [];
  do {
    const low = n & 0x7f;
    n >>>= 7;
    out.push(n === 0 ? low : low | 0x80);
  } while (n !== 0);
  return out;
};
const signed = (n: number): number[] => {
  const out: number[] = [];
  let v = n | 0;
  for (;;) {
    const low = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (low & 0x40) === 0) || (v === -1 && (low & 0x40) !== 0)) {
      out.push(low);
      return out;
    }
    out.push(low | 0x80);
  }
};
const vector = (items: number[][]): number[] => [...unsigned(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...unsigned(body.length), ...body];
const name = (s: string): number[] => [...unsigned(s.length), ...Array.from(s, (ch) => ch.charCodeAt(0))];

// The opcodes used (WebAssembly 1.0).
const BLOCK = 0x02, LOOP = 0x03, BR = 0x0c, BR_IF = 0x0d, END = 0x0b, VOID = 0x40;
const LOCAL_GET = 0x20, LOCAL_SET = 0x21, LOCAL_TEE = 0x22;
const I32_LOAD = 0x28, I32_STORE = 0x36, I32_CONST = 0x41, I32_EQZ = 0x45;
const I32_ADD = 0x6a, I32_SUB = 0x6b, I32_AND = 0x71, I32_OR = 0x72, I32_XOR = 0x73, I32_ROTL = 0x77;
const I32 = 0x7f, FUNC = 0x60;

/** The body of `blocks(at: i32, count: i32)`; locals 2-5 hold A, B, C, D. */
function blocksBody(): number[] {
  const AT = 0, COUNT = 1, A = 2;
  const code: number[] = [];
  const get = (local: number): void => void code.push(LOCAL_GET, local);
  const constant = (v: number): void => void code.push(I32_CONST, ...signed(v));
  const op = (...ops: number[]): void => void code.push(...ops);
  // i32.load/store with alignment 2^2 and a constant offset from the address on the stack.
  const load = (offset: number): void => void code.push(I32_LOAD, 2, ...unsigned(offset));
  const store = (offset: number): void => void code.push(I32_STORE, 2, ...unsigned(offset));

  for (let j = 0; j < 4; j++) {
    constant(0);
    load(STATE + 4 * j);
    op(LOCAL_SET, A + j);
  }
  op(BLOCK, VOID, LOOP, VOID);
  get(COUNT);
  op(I32_EQZ, BR_IF, 1);
  for (let i = 0; i < 64; i++) {
    const round = i >> 4;
    // Step i updates A, D, C, B in turn: a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s).
    const [a, b, c, d] = [0, 1, 2, 3].map((r) => A + ((r - i + 64) % 4)) as [number, number, number, number];
    get(a);
    get(AT);
    load(4 * wordOf(i));
    constant(T[i]!);
    op(I32_ADD, I32_ADD); // a + (X[k] + T[i]): no constant left for the add of f to fold in
    if (round === 0) {
      // F = d ^ (b & (c ^ d))
      get(c);
      get(d);
      op(I32_XOR);
      get(b);
      op(I32_AND);
      get(d);
      op(I32_XOR, I32_ADD);
    } else if (round === 1) {
      // G = (b & d) | (c & ~d), the two halves disjoint so added; c & ~d does not wait for b
      get(d);
      constant(-1);
      op(I32_XOR);
      get(c);
      op(I32_AND, I32_ADD);
      get(b);
      get(d);
      op(I32_AND, I32_ADD);
    } else if (round === 2) {
      // H = b ^ (c ^ d)
      get(c);
      get(d);
      op(I32_XOR);
      get(b);
      op(I32_XOR, I32_ADD);
    } else {
      // I = c ^ (b | ~d)
      get(d);
      constant(-1);
      op(I32_XOR);
      get(b);
      op(I32_OR);
      get(c);
      op(I32_XOR, I32_ADD);
    }
    constant(SHIFTS[4 * round + (i % 4)]!);
    op(I32_ROTL);
    get(b);
    op(I32_ADD, LOCAL_SET, a);
  }
  // state += block result, kept in memory so the loop holds only A-D, `at` and `count`.
  for (let j = 0; j < 4; j++) {
    constant(0);
    get(A + j);
    constant(0);
    load(STATE + 4 * j);
    op(I32_ADD, LOCAL_TEE, A + j);
    store(STATE + 4 * j);
  }
  get(AT);
  constant(64);
  op(I32_ADD, LOCAL_SET, AT);
  get(COUNT);
  constant(1);
  op(I32_SUB, LOCAL_SET, COUNT);
  op(BR, 0, END, END, END);
  return [...vector([[...unsigned(4), I32]]), ...code];
}

/** The module: memory (exported as "memory") and `blocks` (exported as "blocks"). */
export function md5WasmModuleBytes(): Uint8Array<ArrayBuffer> {
  const body = blocksBody();
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([[FUNC, ...vector([[I32], [I32]]), 0]])),
    ...section(3, vector([[0]])),
    ...section(5, vector([[0x01, ...unsigned(PAGES), ...unsigned(PAGES)]])),
    ...section(7, vector([[...name('memory'), 0x02, 0], [...name('blocks'), 0x00, 0]])),
    ...section(10, vector([[...unsigned(body.length), ...body]])),
  ]);
}

let compiled: Promise<WebAssembly.Module> | null = null;

/** Compiled once per page or worker; a failure (no WebAssembly, a CSP) is not kept, so the next call tries again. */
const compileOnce = (): Promise<WebAssembly.Module> => {
  compiled ??= WebAssembly.compile(md5WasmModuleBytes()).catch((e: unknown) => {
    compiled = null;
    throw e;
  });
  return compiled;
};

export interface Md5Wasm {
  update(bytes: Uint8Array): void;
  /** Lower-case hex of everything updated since the start or the last digest; starts over after. */
  digest(): string;
}

/** A fresh MD5 over its own instance of the module. */
export async function createMd5Wasm(): Promise<Md5Wasm> {
  const instance = await WebAssembly.instantiate(await compileOnce());
  const exports = instance.exports as { memory: WebAssembly.Memory; blocks: (at: number, count: number) => void };
  const { blocks } = exports;
  // The memory never grows, so these views stay attached.
  const bytesView = new Uint8Array(exports.memory.buffer);
  const words = new DataView(exports.memory.buffer);
  /** Bytes waiting in the buffer, always fewer than MD5_WASM_BUFFER. */
  let pending = 0;
  /** Bytes updated in all. */
  let length = 0;

  const start = (): void => {
    words.setUint32(STATE, 0x67452301, true);
    words.setUint32(STATE + 4, 0xefcdab89, true);
    words.setUint32(STATE + 8, 0x98badcfe, true);
    words.setUint32(STATE + 12, 0x10325476, true);
    pending = 0;
    length = 0;
  };
  start();

  return {
    update(bytes) {
      length += bytes.length;
      let read = 0;
      while (read < bytes.length) {
        const take = Math.min(MD5_WASM_BUFFER - pending, bytes.length - read);
        bytesView.set(bytes.subarray(read, read + take), pending);
        read += take;
        pending += take;
        if (pending === MD5_WASM_BUFFER) {
          blocks(0, MD5_WASM_BUFFER / 64);
          pending = 0;
        }
      }
    },
    digest() {
      const whole = pending - (pending % 64);
      if (whole > 0) blocks(0, whole / 64);
      let end = pending - whole;
      bytesView.copyWithin(0, whole, pending);
      bytesView[end++] = 0x80;
      const padded = end <= 56 ? 64 : 128;
      bytesView.fill(0, end, padded - 8);
      // The length in bits, 64-bit little-endian.
      words.setUint32(padded - 8, (length % 0x20000000) * 8, true);
      words.setUint32(padded - 4, Math.floor(length / 0x20000000), true);
      blocks(0, padded / 64);
      let hex = '';
      for (let i = 0; i < 16; i++) hex += bytesView[STATE + i]!.toString(16).padStart(2, '0');
      start();
      return hex;
    },
  };
}
