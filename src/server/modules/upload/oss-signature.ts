import crypto from 'node:crypto';
import type { Config } from '../../config.js';
import { bizError } from '../../http/errors.js';

/** How long a browser may use one upload policy. The console refreshes it 5 s before this runs out. */
export const OSS_POLICY_SECONDS = 60;

export interface OssSignature {
  accessid: string;
  host: string;
  policy: string;
  signature: string;
  /** Key prefix the policy allows (`starts-with $key`). */
  dir: string;
  /** Unix seconds after which the store refuses the policy. */
  expire: number;
}

/**
 * A browser-direct POST policy for an S3-compatible store in the form fields the protocol sends
 * (`key`, `policy`, `OSSAccessKeyId`, `signature`, `success_action_status`): a base64 policy limited to
 * the configured key prefix and the upload size, signed with HMAC-SHA1 of the secret (OSS POST V1).
 */
export function ossSignature(
  cfg: Pick<Config, 'ossHost' | 'ossAccessKeyId' | 'ossAccessKeySecret' | 'ossDir' | 'uploadMaxBytes'>,
  now = Date.now(),
): OssSignature {
  if (!cfg.ossHost || !cfg.ossAccessKeyId || !cfg.ossAccessKeySecret)
    throw bizError('对象存储未配置，无法直传文件，请联系管理员设置 OSS_HOST、OSS_ACCESS_KEY_ID 和 OSS_ACCESS_KEY_SECRET');
  const expire = Math.floor(now / 1000) + OSS_POLICY_SECONDS;
  const dir = cfg.ossDir;
  const policyDoc = {
    expiration: new Date(expire * 1000).toISOString(),
    conditions: [
      ['content-length-range', 0, cfg.uploadMaxBytes],
      ['starts-with', '$key', dir],
      { success_action_status: '200' },
    ],
  };
  const policy = Buffer.from(JSON.stringify(policyDoc)).toString('base64');
  const signature = crypto.createHmac('sha1', cfg.ossAccessKeySecret).update(policy).digest('base64');
  return { accessid: cfg.ossAccessKeyId, host: cfg.ossHost.replace(/\/+$/, ''), policy, signature, dir, expire };
}
