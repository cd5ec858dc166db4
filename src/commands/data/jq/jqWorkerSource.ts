/**
 * The source of the worker thread that runs jq-wasm (kept as a plain-JS string so the worker
 * starts the same way under tsx, vitest and the compiled `dist/`, with no loader to configure).
 *
 * The worker loads jq-wasm once through `loadJq`, installing its own versions of a few of the
 * WebAssembly module's system-call imports before instantiation. That gives the exact bytes jq
 * writes (jq-wasm's `raw()` trims its output), lets jq read stdin and files from the sandbox on
 * demand, sets `environ` to the shell's exported variables, and caps the wasm heap. It then calls
 * jq's `main` export itself with the real command line (no extra arguments appended).
 *
 * Every request to the main thread (the next stdin chunk, a file's bytes, "this output was
 * written") is synchronous for jq: the worker posts the request, sleeps on a shared
 * `Atomics.wait`, and takes the answer with `receiveMessageOnPort`. Runs arrive the same way. So output has backpressure
 * (a closed pipe stops jq) and the main thread can `terminate()` the worker at any moment.
 * Events go out on their own port and bump a shared counter, so the main thread can also wait
 * for them synchronously for a short while (see `JqEngine.ts`). Output is batched: one `write`
 * request carries every pending chunk, in order, and the last chunks ride on `done`.
 *
 * Cut-down builtin library. A run may carry `library`, the builtin definitions its program can
 * reach (`builtinLibrary.ts`); it is written over jq's library text in linear memory and the
 * patched length global is set (`wasmPatch.ts`). If such a run fails to compile with
 * "... is not defined", it is run again with the full library. To make that possible its stderr
 * is held back while it might still be a compile error: until it writes to stdout, reads stdin,
 * writes something that is not a "jq: error: " message, or ends.
 *
 * Messages in:  { type: "run", argv, env, library?, files }   out: { type: "request", ... } / "done" / "fatal".
 */
export const jqWorkerSource = String.raw`
"use strict";
const { workerData, receiveMessageOnPort } = require("node:worker_threads");
// Emscripten reports aborts with console.error; the main thread reports them instead.
console.error = () => {};
const { loadJq } = require(workerData.jqPath);

const ENV_SLOTS = 4096;
const ENV_BYTES = 1024 * 1024;
const FIRST_FAKE_FD = 1000;
const ENOENT = 44, ESPIPE = 70, ENOTTY = 59;
const OUTPUT_CHUNK = 64 * 1024;
// signal[0]: a message (run or reply) is waiting in inbox; signal[1]: count of events posted.
const signal = new Int32Array(workerData.signal);
const inbox = workerData.inbox;
const events = workerData.eventPort;
const COMPILE_ERROR = "jq: error: ";

let memory, exportsByKey, envArray = 0, envBuf = 0, job;
// The builtin library in linear memory: its original bytes, and the text written there now.
let library, libraryNow;

class RetryWithFullLibrary {}

class ProgramExit { constructor(status) { this.status = status; } }

const heap = () => new Uint8Array(memory.buffer);
const view = () => new DataView(memory.buffer);
const cString = (ptr) => {
  const bytes = heap();
  let end = ptr;
  while (bytes[end] !== 0) end++;
  return Buffer.from(bytes.subarray(ptr, end)).toString("utf8");
};

function post(message, transfer) {
  events.postMessage(message, transfer);
  Atomics.add(signal, 1, 1);
  Atomics.notify(signal, 1);
}

// The next message from the main thread, sleeping until there is one.
function receive() {
  for (;;) {
    const received = receiveMessageOnPort(inbox);
    if (received !== undefined) return received.message;
    Atomics.wait(signal, 0, 0);
    Atomics.store(signal, 0, 0);
  }
}

// Ask the main thread for something and wait (synchronously) for its answer.
function request(message, transfer) {
  post(message, transfer);
  return receive();
}

// The pending output as [[fd, bytes], ...] in the order jq wrote it; consecutive writes to
// one descriptor are joined. Empties the buffer.
function takeOutput() {
  const chunks = job.pending.map(([fd, parts]) => {
    const data = Buffer.concat(parts);
    return [fd, new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice()];
  });
  job.pending = [];
  job.pendingBytes = 0;
  return chunks;
}

function flush() {
  if (job.pending.length === 0) return;
  const chunks = takeOutput();
  request({ type: "request", kind: "write", chunks }, chunks.map(([, bytes]) => bytes.buffer));
}

// A held-back run stops holding: from here on its output is final.
function release() {
  job.holding = false;
  flush();
}

// A source jq reads from: stdin (refilled from the main thread) or a file's bytes.
function readFrom(source, iov, iovcnt, pnum) {
  let total = 0;
  for (let i = 0; i < iovcnt; i++) {
    const dv = view();
    const ptr = dv.getUint32(iov + i * 8, true), len = dv.getUint32(iov + i * 8 + 4, true);
    if (len === 0) continue;
    if (source.pos >= source.data.length && !source.eof) {
      if (total > 0) break;
      if (job.holding) release();
      const reply = request({ type: "request", kind: "stdin" });
      if (reply.data === undefined) source.eof = true;
      else { source.data = reply.data; source.pos = 0; }
    }
    const n = Math.min(len, source.data.length - source.pos);
    heap().set(source.data.subarray(source.pos, source.pos + n), ptr);
    source.pos += n;
    total += n;
    if (n < len) break;
  }
  view().setUint32(pnum, total, true);
  return 0;
}

// Whether held-back stderr, with this write added, may still be a compile error: its first
// bytes are those of "jq: error: ".
function stillCompileError(iov, iovcnt) {
  for (let i = 0; i < iovcnt && job.held.length < COMPILE_ERROR.length; i++) {
    const dv = view();
    const ptr = dv.getUint32(iov + i * 8, true), len = dv.getUint32(iov + i * 8 + 4, true);
    const wanted = Math.min(len, COMPILE_ERROR.length - job.held.length);
    job.held += Buffer.from(heap().subarray(ptr, ptr + wanted)).toString("latin1");
  }
  return COMPILE_ERROR.startsWith(job.held) || job.held.startsWith(COMPILE_ERROR);
}

function installImports(env) {
  const keyByName = new Map();
  for (const key of Object.keys(env)) if (typeof env[key] === "function") keyByName.set(env[key].name, key);
  const replace = (name, make) => {
    const key = keyByName.get(name);
    if (key === undefined) throw new Error("jq-wasm import not found: " + name);
    env[key] = make(env[key]);
  };
  const isFake = (fd) => job !== undefined && job.fds.has(fd);
  replace("_fd_write", (orig) => (fd, iov, iovcnt, pnum) => {
    if (job === undefined || (fd !== 1 && fd !== 2)) return orig(fd, iov, iovcnt, pnum);
    // Output, or stderr that is not a compile error, ends the holding back (order is kept).
    if (job.holding && (fd === 1 || !stillCompileError(iov, iovcnt))) job.holding = false;
    let total = 0, newline = false;
    for (let i = 0; i < iovcnt; i++) {
      const dv = view();
      const ptr = dv.getUint32(iov + i * 8, true), len = dv.getUint32(iov + i * 8 + 4, true);
      if (len === 0) continue;
      const last = job.pending[job.pending.length - 1];
      const bytes = Buffer.from(heap().subarray(ptr, ptr + len));
      if (fd === 2 && bytes.includes(10)) newline = true;
      if (last !== undefined && last[0] === fd) last[1].push(bytes);
      else job.pending.push([fd, [bytes]]);
      job.pendingBytes += len;
      total += len;
    }
    view().setUint32(pnum, total, true);
    // stderr is unbuffered in jq (debug output arrives a character at a time): deliver each
    // line as it ends, with the stdout before it, unless held back.
    if ((newline && !job.holding) || job.pendingBytes >= OUTPUT_CHUNK) release();
    return 0;
  });
  replace("_fd_read", (orig) => (fd, iov, iovcnt, pnum) => {
    if (job === undefined) return orig(fd, iov, iovcnt, pnum);
    if (fd === 0) return readFrom(job.stdin, iov, iovcnt, pnum);
    const open = job.fds.get(fd);
    return open === undefined ? orig(fd, iov, iovcnt, pnum) : readFrom(open, iov, iovcnt, pnum);
  });
  replace("___syscall_openat", (orig) => (dirfd, pathPtr, flags, varargs) => {
    if (job === undefined) return orig(dirfd, pathPtr, flags, varargs);
    const path = cString(pathPtr);
    if (path === "/dev/stdin") {
      const fd = job.nextFd++;
      job.fds.set(fd, job.stdin);
      return fd;
    }
    const prefetched = job.files.get(path);
    const reply = prefetched !== undefined ? { data: prefetched } : request({ type: "request", kind: "open", path });
    if (reply.errno !== undefined) return -reply.errno;
    const fd = job.nextFd++;
    job.fds.set(fd, { data: reply.data, pos: 0, eof: true });
    return fd;
  });
  replace("___syscall_fstat64", (orig) => (fd, buf) => {
    if (!isFake(fd)) return orig(fd, buf);
    heap().fill(0, buf, buf + 96);
    const dv = view();
    dv.setUint32(buf + 4, 0o100644, true);
    dv.setUint32(buf + 8, 1, true);
    dv.setBigInt64(buf + 24, BigInt(job.fds.get(fd).data.length), true);
    dv.setInt32(buf + 32, 4096, true);
    return 0;
  });
  // Standard streams are pipes, not terminals: no colour unless -C, as jq in a pipeline.
  replace("_fd_fdstat_get", (orig) => (fd, buf) => {
    const result = orig(fd, buf);
    if (fd <= 2 && result === 0) heap()[buf] = 0;
    return result;
  });
  replace("_fd_close", (orig) => (fd) => (isFake(fd) ? (job.fds.delete(fd), 0) : orig(fd)));
  replace("_fd_seek", (orig) => (fd, a, b, c) => (isFake(fd) ? ESPIPE : orig(fd, a, b, c)));
  replace("___syscall_ioctl", (orig) => (fd, op, varargs) => (isFake(fd) ? -ENOTTY : orig(fd, op, varargs)));
  replace("___syscall_fcntl64", (orig) => (fd, cmd, varargs) => (isFake(fd) ? 0 : orig(fd, cmd, varargs)));
  // jq looks up its module paths (~/.jq, realpath of each directory) on every run, in
  // Emscripten's own in-memory filesystem, where each miss costs a thrown JS error. jq cannot
  // change that filesystem (opens go to the sandbox; nothing that creates, removes, renames or
  // changes directory is imported), so the answers never change: failures and the working
  // directory are remembered.
  const AT_FDCWD = -100;
  const remembered = new Map();
  const rememberFailure = (name, pathArg, keyOf) => replace(name, (orig) => (...args) => {
    if (name !== "___syscall_stat64" && name !== "___syscall_lstat64" && args[0] !== AT_FDCWD) return orig(...args);
    const key = name + "\0" + cString(args[pathArg]) + "\0" + keyOf(args);
    const known = remembered.get(key);
    if (known !== undefined) return known;
    const result = orig(...args);
    if (result < 0) remembered.set(key, result);
    return result;
  });
  rememberFailure("___syscall_stat64", 0, () => "");
  rememberFailure("___syscall_lstat64", 0, () => "");
  rememberFailure("___syscall_newfstatat", 1, (args) => args[3]);
  rememberFailure("___syscall_readlinkat", 1, (args) => args[3]);
  let cwd;
  replace("___syscall_getcwd", (orig) => (buf, size) => {
    if (cwd === undefined || size < cwd.length) {
      const result = orig(buf, size);
      if (result > 0) cwd = heap().slice(buf, buf + result);
      return result;
    }
    heap().set(cwd, buf);
    return cwd.length;
  });
  replace("_emscripten_resize_heap", (orig) => (size) => ((size >>> 0) > workerData.memoryCap ? false : orig(size)));
  replace("exitJS", () => (status) => { throw new ProgramExit(status); });
  // Reserve room for the environment once (libc copies it at start-up); each run rewrites it.
  replace("_environ_sizes_get", () => (pcount, psize) => {
    const dv = view();
    dv.setUint32(pcount, ENV_SLOTS, true);
    dv.setUint32(psize, ENV_BYTES, true);
    return 0;
  });
  replace("_environ_get", () => (arrayPtr, bufPtr) => {
    envArray = arrayPtr;
    envBuf = bufPtr;
    view().setUint32(arrayPtr, 0, true);
    return 0;
  });
}

function setEnvironment(entries) {
  const dv = view(), bytes = heap();
  let offset = 0, slot = 0;
  for (const [name, value] of entries) {
    const encoded = Buffer.from(name + "=" + value + "\0", "utf8");
    if (slot >= ENV_SLOTS - 1 || offset + encoded.length > ENV_BYTES) break;
    bytes.set(encoded, envBuf + offset);
    dv.setUint32(envArray + slot * 4, envBuf + offset, true);
    offset += encoded.length;
    slot++;
  }
  dv.setUint32(envArray + slot * 4, 0, true);
}

// jq's main(argc, argv), called with argv built on the wasm stack (as Emscripten's callMain does).
function callMain(argv) {
  const { main, stackAlloc, stackRestore, stackCurrent } = exportsByKey;
  const saved = stackCurrent();
  try {
    const args = ["jq", ...argv];
    const pointers = args.map((arg) => {
      const encoded = Buffer.from(arg + "\0", "utf8");
      const ptr = stackAlloc(encoded.length);
      heap().set(encoded, ptr);
      return ptr;
    });
    const array = stackAlloc((pointers.length + 1) * 4);
    const dv = view();
    pointers.forEach((ptr, i) => dv.setUint32(array + i * 4, ptr, true));
    dv.setUint32(array + pointers.length * 4, 0, true);
    return main(args.length, array);
  } catch (error) {
    if (error instanceof ProgramExit) return error.status;
    throw error;
  } finally {
    stackRestore(saved);
  }
}

// Put this run's builtin library in place: the cut-down text, or the original.
function useLibrary(text) {
  if (library === undefined || text === libraryNow) return;
  if (text === undefined) {
    heap().set(library.original, library.address);
    library.length.value = library.original.length;
  } else {
    const bytes = Buffer.from(text, "latin1");
    heap().set(bytes, library.address);
    library.length.value = bytes.length;
  }
  libraryNow = text;
}

function attempt(message, libraryText) {
  job = {
    pending: [], pendingBytes: 0, holding: libraryText !== undefined, held: "",
    stdin: { data: new Uint8Array(0), pos: 0, eof: false },
    fds: new Map(), nextFd: FIRST_FAKE_FD,
    // Files the main thread read ahead (path as jq opens it -> bytes).
    files: new Map(message.files)
  };
  useLibrary(libraryText);
  setEnvironment(message.env);
  const exitCode = callMain(message.argv);
  if (job.holding && exitCode === 3 && job.held.startsWith(COMPILE_ERROR)) {
    const text = Buffer.concat(job.pending.flatMap(([, parts]) => parts)).toString("utf8");
    if (text.includes(" is not defined")) throw new RetryWithFullLibrary();
  }
  return exitCode;
}

function run(message) {
  try {
    let exitCode, retried = false;
    try {
      exitCode = attempt(message, message.library);
    } catch (error) {
      if (!(error instanceof RetryWithFullLibrary)) throw error;
      retried = true;
      exitCode = attempt(message, undefined);
    }
    const output = takeOutput();
    job = undefined;
    post({ type: "done", exitCode, heapBytes: memory.buffer.byteLength, output, retried }, output.map(([, bytes]) => bytes.buffer));
  } catch (error) {
    // An abort (out of memory) leaves the instance unusable: report, then let this worker go.
    try { flush(); } catch {}
    job = undefined;
    post({ type: "fatal", message: String((error && error.message) || error) });
  }
}

async function start() {
  const module = workerData.module;
  await loadJq({
    instantiateWasm(imports, onSuccess) {
      installImports(imports.a);
      WebAssembly.instantiate(module, imports).then((instance) => {
        const x = instance.exports;
        memory = x.F;
        // Export names of the pinned jq-wasm 3.0.0-jq-1.8.2 build (see its Emscripten glue).
        exportsByKey = { main: x.H, stackRestore: x.J, stackAlloc: x.K, stackCurrent: x.L };
        if (!(memory instanceof WebAssembly.Memory) || typeof x.H !== "function" || x.H.length !== 2) {
          throw new Error("unexpected jq-wasm build");
        }
        // The cut-down library needs the patched binary (its length global) and the text in place.
        const image = workerData.library, length = x[workerData.libraryLengthExport];
        if (image !== undefined && length instanceof WebAssembly.Global) {
          const original = new Uint8Array(memory.buffer, image.address, image.size).slice();
          if (heap()[image.address + image.size] === 0 && original.length === length.value) {
            library = { address: image.address, original, length };
          }
        }
        onSuccess(instance, module);
      }).catch((error) => post({ type: "fatal", message: String((error && error.message) || error) }));
    }
  });
  post({ type: "ready" });
  // Serve runs for good: this thread only ever sleeps in Atomics.wait between them, which wakes
  // faster than its event loop would, and terminate() still ends it there.
  for (;;) run(receive());
}

start().catch((error) => post({ type: "fatal", message: String((error && error.message) || error) }));
`
