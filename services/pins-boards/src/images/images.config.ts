import { z } from 'zod';

/** The pin builder's file limit (saving-boards-ads.md section 9: 209715200 bytes). */
export const MAX_IMAGE_BYTES = 209_715_200;

const optionalText = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `must not be blank (leave ${what} unset instead)`)
    .optional();

/** `host:port` entries, lowercased; an IPv6 host is written in brackets: `[::1]:8080`. */
const hostPortList = z
  .string()
  .default('')
  .transform((s) => s.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, 'must be host:port[,host:port] (IPv6 as [::1]:port)')));

/**
 * The variables of pins-boards' images: where the files live and how outside links are fetched.
 * A fragment of fields for the service's config: `baseConfigSchema.extend({ ...imagesConfigFields })`.
 * The S3 store is used when IMAGES_S3_BUCKET is set (image.store.ts checks the rest at start).
 */
export const imagesConfigFields = {
  /** The local folder of the image files (when no S3 bucket is set); relative to the working directory. */
  IMAGES_DIR: z.string().trim().min(1, 'must be a folder path').default('.run/dev/data/images'),
  /** An S3-compatible server (MinIO, Ceph, ...); unset means AWS itself. */
  IMAGES_S3_ENDPOINT: z.url('must be a URL such as http://127.0.0.1:9000').optional(),
  IMAGES_S3_BUCKET: optionalText('IMAGES_S3_BUCKET to keep the images in IMAGES_DIR'),
  IMAGES_S3_REGION: z.string().trim().min(1, 'must be a region name such as us-east-1').default('us-east-1'),
  /** Both or neither: without them the SDK's default credential chain is used. */
  IMAGES_S3_ACCESS_KEY_ID: optionalText('IMAGES_S3_ACCESS_KEY_ID for the default credential chain'),
  IMAGES_S3_SECRET_ACCESS_KEY: optionalText('IMAGES_S3_SECRET_ACCESS_KEY for the default credential chain'),
  /**
   * `host:port` pairs the guarded fetcher may reach even though they resolve to private or
   * loopback addresses: empty in every real deployment, set by tests to reach their local server.
   */
  FETCH_ALLOW_HOSTS: hostPortList,
  /** The whole of one outside fetch, redirects and body included. */
  FETCH_TIMEOUT_MS: z.coerce.number().int('must be a whole number of milliseconds').min(100, 'must be at least 100 ms').max(120_000, 'must be at most 120000 ms').default(15_000),
  /** The largest image body read from a link (the pin builder's limit by default). */
  FETCH_MAX_BYTES: z.coerce.number().int('must be a whole number of bytes').min(1024, 'must be at least 1024 bytes').max(MAX_IMAGE_BYTES, `must be at most ${MAX_IMAGE_BYTES} bytes`).default(MAX_IMAGE_BYTES),
};

export const imagesConfigSchema = z.object(imagesConfigFields);
export type ImagesConfig = z.infer<typeof imagesConfigSchema>;
