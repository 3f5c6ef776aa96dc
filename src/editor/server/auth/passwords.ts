/**
 * Passwords, hashed with Argon2id (@node-rs/argon2: a Rust implementation shipped as prebuilt
 * binaries for each platform, so nothing compiles at install and no install script runs).
 * The cost is OWASP's recommended minimum for Argon2id (19 MiB, 2 passes, 1 lane): 30 to 60 ms
 * here, slow for someone guessing offline, quick for someone signing in.
 */
import { hash, verify } from "@node-rs/argon2";

/** 2 is Algorithm.Argon2id, a const enum that isolated modules cannot read. */
const argon2id = 2;
const cost = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The shortest password accepted (NIST SP 800-63B asks for at least 8; people here pick phrases). */
export const minimumPasswordLength = 12;

/** The encoded Argon2id hash ($argon2id$v=19$m=...,t=...,p=...$salt$hash) of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, cost);
}

/** A hash nobody's password matches, checked when there is no account, so that an unknown email
 * takes as long to refuse as a wrong password (the timing does not tell who has an account). */
let decoy: Promise<string> | undefined;

/** Whether the password matches the hash; with no hash, spends the same time and says no. */
export async function verifyPassword(encoded: string | null | undefined, password: string): Promise<boolean> {
  if (!encoded) {
    decoy ??= hashPassword("decoy password that no account has");
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(encoded, password);
  } catch {
    return false;
  }
}

/** Why a new password is refused, in words; undefined when it will do. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < minimumPasswordLength)
    return `The password is too short: use at least ${minimumPasswordLength} characters (a few words make a good one).`;
  if (password.length > 1024) return "The password is too long: use at most 1024 characters.";
  return undefined;
}
