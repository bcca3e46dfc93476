/**
 * sharp, loaded when the first image is read or made rather than at start-up: it maps libvips,
 * about 19 MB of a server's memory that a server nobody sends a photo to never needs (issue 29,
 * DECISIONS.md #116).
 */
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/** The sharp function, loaded once. */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
