import argon2 from 'argon2';
import type { Config } from '../config.js';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** Argon2id with the configured cost; tests run with a small memory cost on 2 cores. */
export function createHasher(cfg: Pick<Config, 'argon2MemoryKiB' | 'argon2Passes'>): PasswordHasher {
  const options = {
    type: argon2.argon2id,
    memoryCost: cfg.argon2MemoryKiB,
    timeCost: cfg.argon2Passes,
    parallelism: 1,
  } as const;
  return {
    hash: (password) => argon2.hash(password, options),
    verify: async (hash, password) => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
  };
}

/** The new-password policy (ASVS 2.1): length only, no composition rules, a few obvious values refused. */
export function passwordProblem(password: string): string | null {
  if (typeof password !== 'string' || password.length < 8) return '密码长度不能少于 8 位';
  if (password.length > 128) return '密码长度不能超过 128 位';
  if (/^(\d)\1+$/.test(password) || ['12345678', '123456789', 'password', 'qwertyui'].includes(password))
    return '密码过于简单，请换一个';
  return null;
}
