import { InMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { MountableFs } from "../../src/vfs/MountableFs.js"
import { OverlayFs } from "../../src/vfs/OverlayFs.js"
import { ReadOnlyFs } from "../../src/vfs/ReadOnlyFs.js"
import { vfsContract } from "./contract.js"
import { hostLayer, splitFixture } from "./layers.js"

// Host files get the modes the in-memory backend uses (0644, 0755) whatever the caller's umask.
process.umask(0o022)

vfsContract("InMemoryFs", (fixture) => InMemoryFs.layer(fixture))
vfsContract("OverlayFs over InMemoryFs", (fixture) => OverlayFs.layer(InMemoryFs.layer(fixture)))
vfsContract("OverlayFs over HostDirectoryFs", (fixture) => OverlayFs.layer(hostLayer(fixture)))
vfsContract("MountableFs", (fixture) => {
  const [sub, rest] = splitFixture(fixture, "/fixture/sub")
  return MountableFs.layer({ "/": InMemoryFs.layer(rest), "/fixture/sub": InMemoryFs.layer(sub, { layout: false }) })
})
vfsContract("ReadOnlyFs over InMemoryFs", (fixture) => ReadOnlyFs.layer(InMemoryFs.layer(fixture)), { readOnly: true })
vfsContract("HostDirectoryFs", (fixture) => hostLayer(fixture))
vfsContract("HostDirectoryFs read-only", (fixture) => hostLayer(fixture, { readOnly: true }), { readOnly: true })
