import type { Identity } from "../../Command.js"

/** The sandbox's tiny user table: root (0) and the identity's user. */
export const userName = (identity: Identity, uid: number): string =>
  uid === 0 ? "root" : uid === identity.uid ? identity.user : String(uid)

export const groupName = (identity: Identity, gid: number): string =>
  gid === 0 ? "root" : gid === identity.gid ? identity.user : String(gid)

/** A user name or numeric id to a uid (`undefined` when unknown). */
export const lookupUser = (identity: Identity, name: string): number | undefined => {
  if (/^\d+$/.test(name)) return Number(name)
  if (name === "root") return 0
  if (name === identity.user) return identity.uid
  return undefined
}

export const lookupGroup = (identity: Identity, name: string): number | undefined => {
  if (/^\d+$/.test(name)) return Number(name)
  if (name === "root") return 0
  if (name === identity.user) return identity.gid
  return undefined
}
