import {
  childrenOf,
  type DeviceKind,
  type DirNode,
  newDevice,
  newDir,
  newFile,
  type Node,
  type NodeFactory,
  ROOT_ID,
  toBytes,
  USER_ID
} from "./memoryNodes.js"

/**
 * The tree a new sandbox starts with. Built on first access to the root (never at
 * construction), and kept small: a handful of directories, the character devices, and the
 * /bin and /usr/bin listings, which are themselves filled only when first listed.
 *
 * ```
 * /bin /usr/bin          one 0755 entry per available command (lazy)
 * /dev                   null zero random urandom stdin stdout stderr, fd/{0,1,2}
 * /etc                   passwd group hostname
 * /home/user             HOME and the initial cwd (owned by uid 1000)
 * /tmp /var/tmp          mode 1777
 * /root                  mode 0700
 * ```
 */

const PASSWD = "root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000:user:/home/user:/bin/bash\n"
const GROUP = "root:x:0:\nuser:x:1000:\n"
const HOSTNAME = "sandbox\n"

/** A stub for a command's entry in /bin: running it re-enters the built-in command by name. */
const commandStub = (name: string): string => `#!/bin/bash\nexec ${name} "$@"\n`

const systemDir = (factory: NodeFactory, parent: DirNode, name: string, mode = 0o755, uid = ROOT_ID): DirNode => {
  const dir = newDir(factory, mode, uid)
  parent.children.set(name, dir)
  return dir
}

const addDevice = (factory: NodeFactory, dir: DirNode, name: string, device: DeviceKind): void => {
  dir.children.set(name, newDevice(factory, device, device === "stdin" || device === "stdout" || device === "stderr" ? 0o620 : 0o666))
}

const NO_BYTES = new Uint8Array(0)

/** A small text file, encoded on first read. */
const addFile = (factory: NodeFactory, dir: DirNode, name: string, text: string): void => {
  const file = newFile(factory, NO_BYTES, 0o644, ROOT_ID)
  file.loader = () => text
  dir.children.set(name, file)
}

const listCommands = (factory: NodeFactory, dir: DirNode, commandNames: () => Iterable<string>): void => {
  for (const name of commandNames()) {
    if (name === "" || name.includes("/") || name === "." || name === "..") continue
    if (!dir.children.has(name)) dir.children.set(name, newFile(factory, toBytes(commandStub(name)), 0o755, ROOT_ID))
  }
}

/** Fill `root` with the default layout. Nodes made here do not count against the limits. */
export const buildDefaultLayout = (
  root: DirNode,
  factory: NodeFactory,
  commandNames: (() => Iterable<string>) | undefined
): void => {
  const quota = factory.quota
  factory.quota = false
  try {
    const bin = systemDir(factory, root, "bin")
    const usr = systemDir(factory, root, "usr")
    const usrBin = systemDir(factory, usr, "bin")
    if (commandNames !== undefined) {
      bin.populate = () => listCommands(factory, bin, commandNames)
      usrBin.populate = () => listCommands(factory, usrBin, commandNames)
    }
    const dev = systemDir(factory, root, "dev")
    for (const device of ["null", "zero", "urandom", "stdin", "stdout", "stderr"] as const) addDevice(factory, dev, device, device)
    addDevice(factory, dev, "random", "urandom")
    const fd = systemDir(factory, dev, "fd")
    addDevice(factory, fd, "0", "stdin")
    addDevice(factory, fd, "1", "stdout")
    addDevice(factory, fd, "2", "stderr")
    const etc = systemDir(factory, root, "etc")
    addFile(factory, etc, "passwd", PASSWD)
    addFile(factory, etc, "group", GROUP)
    addFile(factory, etc, "hostname", HOSTNAME)
    const home = systemDir(factory, root, "home")
    systemDir(factory, home, "user", 0o755, USER_ID)
    systemDir(factory, root, "root", 0o700)
    systemDir(factory, root, "tmp", 0o1777)
    const varDir = systemDir(factory, root, "var")
    systemDir(factory, varDir, "tmp", 0o1777)
  } finally {
    factory.quota = quota
  }
}

/** Directory `name` in `dir`, replacing a non-directory (used when seeding initial files). */
export const ensureDir = (factory: NodeFactory, dir: DirNode, name: string): DirNode => {
  const children = childrenOf(dir)
  const existing: Node | undefined = children.get(name)
  if (existing !== undefined && existing.kind === "directory") return existing
  const created = newDir(factory)
  children.set(name, created)
  return created
}
