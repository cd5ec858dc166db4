import { Schema } from "effect"

/** Why a filesystem operation failed; each reason maps to one errno-like shell message. */
export const VfsErrorReason = Schema.Literal(
  "NotFound",
  "AlreadyExists",
  "NotADirectory",
  "IsADirectory",
  "NotEmpty",
  "PermissionDenied",
  "ReadOnly",
  "TooManyLinks",
  "NoSpace",
  "InvalidPath",
  /** A path (or one component) longer than the host's filesystem accepts (ENAMETOOLONG). */
  "NameTooLong",
  "CrossDevice",
  /** Reading a whole file that never ends (/dev/zero, /dev/urandom): EFBIG. */
  "FileTooLarge",
  /** A filesystem that refuses all access (the scripted tools' logic-only shell). */
  "Disabled"
)
export type VfsErrorReason = typeof VfsErrorReason.Type

export class VfsError extends Schema.TaggedError<VfsError>("bashkit-effect/VfsError")("VfsError", {
  reason: VfsErrorReason,
  path: Schema.String,
  operation: Schema.String,
  detail: Schema.optional(Schema.String)
}) {
  override get message(): string {
    return `${this.operation} ${this.path}: ${vfsErrorText(this.reason)}`
  }
}

/** The text a shell command prints for a failure (`cat: x: No such file or directory`). */
export const vfsErrorText = (reason: VfsErrorReason): string => {
  switch (reason) {
    case "NotFound":
      return "No such file or directory"
    case "AlreadyExists":
      return "File exists"
    case "NotADirectory":
      return "Not a directory"
    case "IsADirectory":
      return "Is a directory"
    case "NotEmpty":
      return "Directory not empty"
    case "PermissionDenied":
      return "Permission denied"
    case "ReadOnly":
      return "Read-only file system"
    case "TooManyLinks":
      return "Too many levels of symbolic links"
    case "NoSpace":
      return "No space left on device"
    case "InvalidPath":
      return "Invalid argument"
    case "NameTooLong":
      return "File name too long"
    case "CrossDevice":
      return "Invalid cross-device link"
    case "FileTooLarge":
      return "File too large"
    case "Disabled":
      return "io error: filesystem access disabled"
  }
}

export const vfsError = (
  reason: VfsErrorReason,
  operation: string,
  path: string,
  detail?: string
): VfsError => new VfsError({ reason, operation, path, ...(detail === undefined ? {} : { detail }) })
