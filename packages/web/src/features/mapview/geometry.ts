/**
 * Leaflet CRS.Simple geometry of a floor plan: the image spans [0, 0]..[height, width] (lat grows
 * upward), and a thing's xycoordinates are 0-1 fractions of the map from its top-left corner.
 */
export interface ImageSize {
  width: number;
  height: number;
}

/** Without intrinsic size (an SVG with only a viewBox) the plan is drawn 1000 units wide. */
const FALLBACK_SIZE: ImageSize = { width: 1000, height: 750 };

export function imageBounds(size: ImageSize): [[number, number], [number, number]] {
  return [
    [0, 0],
    [size.height, size.width],
  ];
}

/** [lat, lng] of a fraction point, clamped to the image; undefined when the point is not usable. */
export function fractionToLatLng(
  point: readonly [number, number] | null,
  size: ImageSize,
): [number, number] | undefined {
  if (!point) return undefined;
  const [fx, fy] = point;
  if (!Number.isFinite(fx) || !Number.isFinite(fy)) return undefined;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return [size.height * (1 - clamp(fy)), size.width * clamp(fx)];
}

/** Loads an image and answers its natural size (or the fallback when it has none). */
export function loadImageSize(url: string): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () =>
      resolve(
        img.naturalWidth > 0 && img.naturalHeight > 0
          ? { width: img.naturalWidth, height: img.naturalHeight }
          : FALLBACK_SIZE,
      );
    img.onerror = () => reject(new Error('Failed to load map'));
    img.src = url;
  });
}
