import { imagesConfigSchema } from './images.config';

describe('images config', () => {
  it('has defaults for everything: a local folder, no allowed hosts, the 200 MB limit', () => {
    expect(imagesConfigSchema.parse({})).toEqual({
      IMAGES_DIR: '.run/dev/data/images',
      IMAGES_S3_REGION: 'us-east-1',
      FETCH_ALLOW_HOSTS: [],
      FETCH_TIMEOUT_MS: 15_000,
      FETCH_MAX_BYTES: 209_715_200,
    });
  });

  it('reads FETCH_ALLOW_HOSTS as host:port pairs', () => {
    expect(imagesConfigSchema.parse({ FETCH_ALLOW_HOSTS: ' 127.0.0.1:8080, Localhost:9000,[::1]:81 ' }).FETCH_ALLOW_HOSTS).toEqual(['127.0.0.1:8080', 'localhost:9000', '[::1]:81']);
    const bad = imagesConfigSchema.safeParse({ FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_MAX_BYTES: '300000000', IMAGES_S3_BUCKET: ' ' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      expect.stringMatching(/^IMAGES_S3_BUCKET: must not be blank/),
      'FETCH_ALLOW_HOSTS.0: must be host:port[,host:port] (IPv6 as [::1]:port)',
      'FETCH_MAX_BYTES: must be at most 209715200 bytes',
    ]);
  });
});
