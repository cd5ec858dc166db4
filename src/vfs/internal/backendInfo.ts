import type { FsLimits, FsUsage } from "./fsQuota.js"

/**
 * What a backend built here tells `LimitedFs` and `MeteredFs` about itself, kept beside the
 * service (never on it, so a host's own `VfsService` object stays exactly what it wrote):
 * - `usage`: what it holds now, measured exactly and cheaply (in-memory stores);
 * - `limits`: limits it already enforces itself on every change, exactly (then a wrapper with
 *   looser or equal limits adds nothing and is skipped);
 * - `synchronous`: every operation completes without waiting (nothing to race a deadline against).
 */
export interface BackendInfo {
  readonly usage?: () => FsUsage
  readonly limits?: FsLimits
  readonly synchronous?: boolean
}

const infos = new WeakMap<object, BackendInfo>()

export const describeBackend = <A extends object>(backend: A, info: BackendInfo): A => {
  infos.set(backend, info)
  return backend
}

export const backendInfo = (backend: object): BackendInfo | undefined => infos.get(backend)
