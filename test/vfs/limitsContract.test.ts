import { mkdir } from "node:fs/promises"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import { HostDirectoryFs } from "../../src/vfs/HostDirectoryFs.js"
import { InMemoryFs, makeInMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { LimitedFs } from "../../src/vfs/LimitedFs.js"
import { MountableFs } from "../../src/vfs/MountableFs.js"
import { OverlayFs } from "../../src/vfs/OverlayFs.js"
import { Vfs, type VfsService } from "../../src/vfs/Vfs.js"
import { tempDirectory } from "./layers.js"
import { limitsContract } from "./limitsContract.js"

process.umask(0o022)

/** A temporary host directory with an empty /tmp. */
const hostWithTmp: Layer.Layer<Vfs, unknown> = Layer.unwrapScoped(
  Effect.map(
    Effect.tap(tempDirectory({}), (dir) => Effect.promise(() => mkdir(join(dir, "tmp")))),
    (dir) => HostDirectoryFs.layer(dir)
  )
)

/** A host's own backend: an object the library has never seen (here, one forwarding to memory). */
const hostsOwn: Layer.Layer<Vfs> = Layer.sync(Vfs, (): VfsService => ({ ...makeInMemoryFs() }))

limitsContract("InMemoryFs with its own limits", (limits) => InMemoryFs.layer(undefined, { limits }))
limitsContract("LimitedFs over InMemoryFs", (limits) => LimitedFs.layer(InMemoryFs.layer(), limits))
limitsContract("LimitedFs over a host's own Vfs", (limits) => LimitedFs.layer(hostsOwn, limits))
limitsContract("LimitedFs over HostDirectoryFs", (limits) => LimitedFs.layer(hostWithTmp, limits))
limitsContract("LimitedFs over OverlayFs over InMemoryFs", (limits) => LimitedFs.layer(OverlayFs.layer(InMemoryFs.layer()), limits))
limitsContract("LimitedFs over OverlayFs over HostDirectoryFs", (limits) => LimitedFs.layer(OverlayFs.layer(hostWithTmp), limits))
limitsContract("LimitedFs over MountableFs (a host directory at /tmp)", (limits) =>
  LimitedFs.layer(MountableFs.layer({ "/": InMemoryFs.layer(), "/tmp": Layer.unwrapScoped(Effect.map(tempDirectory({}), (dir) => HostDirectoryFs.layer(dir))) }), limits)
)
