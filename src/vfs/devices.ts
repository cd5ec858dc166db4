import { Effect, Either } from "effect"
import type { VfsService } from "./Vfs.js"

/**
 * The character devices that never end. Reading /dev/zero or /dev/urandom is a stream, as on
 * Linux: whoever streams (cat, head, dd, `< /dev/zero`) pulls chunks of this size for as long
 * as it wants; reading one whole (`readFile`) is refused, since it would never finish.
 */

/** Bytes per chunk pulled from an endless device. */
export const DEVICE_READ_BYTES = 64 * 1024

export type EndlessDevice = "zero" | "random"

const ENDLESS: Readonly<Record<string, EndlessDevice>> = {
  "/dev/zero": "zero",
  "/dev/full": "zero",
  "/dev/urandom": "random",
  "/dev/random": "random"
}

/** A chunk of the device's stream: zeros (the caller may share one) or fresh random bytes. */
export const deviceChunk = (device: EndlessDevice): Uint8Array =>
  device === "zero" ? new Uint8Array(DEVICE_READ_BYTES) : globalThis.crypto.getRandomValues(new Uint8Array(DEVICE_READ_BYTES))

/**
 * The endless device an absolute path names, if it names one: a character device whose real
 * path is one of the endless devices' (a symlink to /dev/zero counts; a regular file named
 * /dev/zero on some backend does not).
 */
export const endlessDeviceAt = (fs: VfsService, path: string): Effect.Effect<EndlessDevice | undefined> =>
  Effect.gen(function* () {
    if (!path.startsWith("/dev/")) {
      // Ordinary paths are not devices; only a symlink could lead to one.
      const link = yield* Effect.either(fs.lstat(path))
      if (Either.isLeft(link) || link.right.type !== "symlink") return undefined
    }
    const stat = yield* Effect.either(fs.stat(path))
    if (Either.isLeft(stat) || stat.right.type !== "chardev") return undefined
    const real = yield* Effect.either(fs.realpath(path))
    return ENDLESS[Either.isRight(real) ? real.right : path]
  })
