import { InMemoryFs } from "../../src/vfs/InMemoryFs.js"
import { OverlayFs } from "../../src/vfs/OverlayFs.js"
import { ReadOnlyFs } from "../../src/vfs/ReadOnlyFs.js"
import { vfsContract } from "./contract.js"

vfsContract("InMemoryFs", (fixture) => InMemoryFs.layer(fixture))
vfsContract("OverlayFs over InMemoryFs", (fixture) => OverlayFs.layer(InMemoryFs.layer(fixture)))
vfsContract("ReadOnlyFs over InMemoryFs", (fixture) => ReadOnlyFs.layer(InMemoryFs.layer(fixture)), { readOnly: true })
