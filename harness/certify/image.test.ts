import { describe, expect, it } from 'vitest';
import { parseContainerEnv, toolImage, toolText } from './image.js';

/** /run/.containerenv as podman 4.3 writes it with --privileged; without, the file is empty. */
const PRIVILEGED = `engine="podman-4.3.1"
name="epic_kare"
id="ecf448c391ca29ac8d0c05d4a83cd79e99887cfa074d67f9a89019820d8e064d"
image="localhost/work-management-conformance:0.1.0"
imageid="bac10096d9a43dd73b2c0aaf33cc95bf2d94cafc6f609dfe5b7495351cc9597d"
rootless=0
`;
const DIGEST = `sha256:${'1a'.repeat(32)}`;
const missing = (): Promise<string> => Promise.reject(Object.assign(new Error('ENOENT'), { code: 'ENOENT' }));

describe('parseContainerEnv', () => {
  it("reads the image's name and id, not the container's name and id", () => {
    expect(parseContainerEnv(PRIVILEGED)).toEqual({
      name: 'localhost/work-management-conformance:0.1.0',
      id: 'bac10096d9a43dd73b2c0aaf33cc95bf2d94cafc6f609dfe5b7495351cc9597d',
    });
  });

  it('names nothing from the file podman writes without --privileged, or from empty values', () => {
    expect(parseContainerEnv('')).toEqual({});
    expect(parseContainerEnv('engine="podman-4.3.1"\nimage=""\nimageid=\n')).toEqual({});
  });
});

describe('toolImage', () => {
  it('is undefined outside an image: no digest given, no file', async () => {
    expect(await toolImage(undefined, missing)).toBeUndefined();
    expect(await toolImage(undefined, async () => '')).toBeUndefined();
  });

  it('records the digest given, and the name and id the file names', async () => {
    expect(await toolImage(DIGEST, missing)).toEqual({ digest: DIGEST });
    expect(await toolImage(DIGEST, async () => PRIVILEGED)).toEqual({
      digest: DIGEST,
      name: 'localhost/work-management-conformance:0.1.0',
      id: 'bac10096d9a43dd73b2c0aaf33cc95bf2d94cafc6f609dfe5b7495351cc9597d',
    });
    expect(await toolImage(undefined, async () => PRIVILEGED)).toMatchObject({ name: 'localhost/work-management-conformance:0.1.0' });
  });
});

describe('toolText', () => {
  const tool = { name: 'work-management-conformance', version: '0.1.0' };
  it('is the name and version alone outside an image', () => {
    expect(toolText(tool)).toBe('work-management-conformance 0.1.0');
  });

  it('names the digest first, then the name and the short id', () => {
    expect(toolText({ ...tool, image: { digest: DIGEST } })).toBe(`work-management-conformance 0.1.0 in image ${DIGEST}`);
    expect(toolText({ ...tool, image: { digest: DIGEST, name: 'localhost/x:0.1.0', id: 'bac10096d9a43dd73b2c' } })).toBe(
      `work-management-conformance 0.1.0 in image ${DIGEST} (localhost/x:0.1.0, id bac10096d9a4)`,
    );
    expect(toolText({ ...tool, image: { name: 'localhost/x:0.1.0', id: 'bac10096d9a43dd73b2c' } })).toBe(
      'work-management-conformance 0.1.0 in image localhost/x:0.1.0 (id bac10096d9a4)',
    );
  });
});
