import { readFile } from 'node:fs/promises';

/*
 * The container image a certification ran in, recorded in environment.json beside the package
 * version (`tool.image`), so a bundle names the exact tool that judged the target. A container
 * cannot learn its own image digest reliably: podman writes /run/.containerenv in every
 * container, but with the image's name and id only under --privileged, and docker writes nothing.
 * So the digest is passed at run time (CONFORMANCE_IMAGE_DIGEST, which the documented commands set
 * from `podman image inspect --format '{{.Digest}}' IMAGE`), and the name and id are read from
 * /run/.containerenv when it holds them.
 */

/** Where podman tells a container about itself. */
export const CONTAINER_ENV_FILE = '/run/.containerenv';

/** The image of the tool: at least one of its digest (`sha256:…`), its name and its id. */
export interface ToolImage {
  /** The image's digest as CONFORMANCE_IMAGE_DIGEST gave it. */
  readonly digest?: string | undefined;
  /** The image's name (`localhost/work-management-conformance:0.1.0`), from /run/.containerenv. */
  readonly name?: string | undefined;
  /** The image's id (hex), from /run/.containerenv. */
  readonly id?: string | undefined;
}

/** `key="value"` lines of /run/.containerenv: the image's name (`image=`) and id (`imageid=`) when podman wrote them. */
export function parseContainerEnv(text: string): { name?: string; id?: string } {
  const found: { name?: string; id?: string } = {};
  for (const line of text.split('\n')) {
    const match = /^\s*(image|imageid)\s*=\s*"?([^"]*)"?\s*$/.exec(line);
    const value = match?.[2]?.trim();
    if (match === null || value === undefined || value === '') continue;
    if (match[1] === 'image') found.name = value;
    else found.id = value;
  }
  return found;
}

/**
 * The image the tool runs in, or undefined outside one (no digest given, no image named in
 * /run/.containerenv). `readContainerEnv` reads that file (tests give the text instead); a file
 * that is missing or unreadable names nothing.
 */
export async function toolImage(
  digest: string | undefined,
  readContainerEnv: () => Promise<string> = () => readFile(CONTAINER_ENV_FILE, 'utf8'),
): Promise<ToolImage | undefined> {
  const fromFile = parseContainerEnv(await readContainerEnv().catch(() => ''));
  const image: ToolImage = {
    ...(digest === undefined ? {} : { digest }),
    ...(fromFile.name === undefined ? {} : { name: fromFile.name }),
    ...(fromFile.id === undefined ? {} : { id: fromFile.id }),
  };
  return Object.keys(image).length === 0 ? undefined : image;
}

/** `image sha256:… (localhost/…:0.1.0, id 0123456789ab)`: how the bundle's README and `verify` name it. */
function toolImageText(image: ToolImage): string {
  const details = [image.name, image.id === undefined ? undefined : `id ${image.id.slice(0, 12)}`].filter((d) => d !== undefined);
  const head = image.digest ?? details.shift();
  return `image ${head}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
}

/** `work-management-conformance 0.1.0 in image sha256:…`: the tool as the bundle's README and `verify` name it. */
export function toolText(tool: { readonly name: string; readonly version: string; readonly image?: ToolImage | undefined }): string {
  return `${tool.name} ${tool.version}${tool.image === undefined ? '' : ` in ${toolImageText(tool.image)}`}`;
}
