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
 * `Atomics.wait`, and takes the answer with `receiveMessageOnPort`. So output has backpressure
 * (a closed pipe stops jq) and the main thread can `terminate()` the worker at any moment.
 *
 * Messages in:  { type: "run", argv, env }   out: { type: "request", ... } / "done" / "fatal".
 */
export const jqWorkerSource = String.raw`
"use strict";
const { parentPort, workerData, receiveMessageOnPort } = require("node:worker_threads");
// Emscripten reports aborts with console.error; the main thread reports them instead.
console.error = () => {};
const { loadJq } = require(workerData.jqPath);

const ENV_SLOTS = 4096;
const ENV_BYTES = 1024 * 1024;
const FIRST_FAKE_FD = 1000;
const ENOENT = 44, ESPIPE = 70, ENOTTY = 59;
const OUTPUT_CHUNK = 64 * 1024;
const signal = new Int32Array(workerData.signal);
const replies = workerData.replyPort;

let memory, exportsByKey, envArray = 0, envBuf = 0, job;

class ProgramExit { constructor(status) { this.status = status; } }

const heap = () => new Uint8Array(memory.buffer);
const view = () => new DataView(memory.buffer);
const cString = (ptr) => {
  const bytes = heap();
  let end = ptr;
  while (bytes[end] !== 0) end++;
  return Buffer.from(bytes.subarray(ptr, end)).toString("utf8");
};

// Ask the main thread for something and wait (synchronously) for its answer.
function request(message, transfer) {
  Atomics.store(signal, 0, 0);
  parentPort.postMessage(message, transfer);
  for (;;) {
    Atomics.wait(signal, 0, 0, 1000);
    const reply = receiveMessageOnPort(replies);
    if (reply !== undefined) return reply.message;
  }
}

function flush(fd) {
  const pending = job.pending[fd];
  if (pending.length === 0) return;
  const data = Buffer.concat(pending);
  pending.length = 0;
  job.pendingBytes[fd] = 0;
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
  request({ type: "request", kind: "write", fd, data: bytes }, [bytes.buffer]);
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
    let total = 0;
    for (let i = 0; i < iovcnt; i++) {
      const dv = view();
      const ptr = dv.getUint32(iov + i * 8, true), len = dv.getUint32(iov + i * 8 + 4, true);
      if (len === 0) continue;
      job.pending[fd].push(Buffer.from(heap().subarray(ptr, ptr + len)));
      job.pendingBytes[fd] += len;
      total += len;
    }
    view().setUint32(pnum, total, true);
    // stderr is unbuffered in jq: keep its order relative to stdout by flushing both.
    if (fd === 2 || job.pendingBytes[1] >= OUTPUT_CHUNK) { flush(1); flush(2); }
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
    const reply = request({ type: "request", kind: "open", path });
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

function run(message) {
  job = {
    pending: { 1: [], 2: [] }, pendingBytes: { 1: 0, 2: 0 },
    stdin: { data: new Uint8Array(0), pos: 0, eof: false },
    fds: new Map(), nextFd: FIRST_FAKE_FD
  };
  try {
    setEnvironment(message.env);
    const exitCode = callMain(message.argv);
    flush(1);
    flush(2);
    job = undefined;
    parentPort.postMessage({ type: "done", exitCode, heapBytes: memory.buffer.byteLength });
  } catch (error) {
    // An abort (out of memory) leaves the instance unusable: report, then let this worker go.
    try { flush(1); flush(2); } catch {}
    job = undefined;
    parentPort.postMessage({ type: "fatal", message: String((error && error.message) || error) });
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
        onSuccess(instance, module);
      }).catch((error) => parentPort.postMessage({ type: "fatal", message: String((error && error.message) || error) }));
    }
  });
  parentPort.on("message", run);
  parentPort.postMessage({ type: "ready" });
}

start().catch((error) => parentPort.postMessage({ type: "fatal", message: String((error && error.message) || error) }));
`
