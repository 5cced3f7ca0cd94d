import { describe, expect, it } from 'vitest';
import { fractionToLatLng, imageBounds } from './geometry';

describe('map geometry', () => {
  const size = { width: 800, height: 600 };
  it('puts the top-left fraction at the top of the image and the bottom-right at its origin corner', () => {
    expect(fractionToLatLng([0, 0], size)).toEqual([600, 0]);
    expect(fractionToLatLng([1, 1], size)).toEqual([0, 800]);
    expect(fractionToLatLng([0.25, 0.5], size)).toEqual([300, 200]);
  });
  it('clamps to the image and skips unusable points', () => {
    expect(fractionToLatLng([1.5, -1], size)).toEqual([600, 800]);
    expect(fractionToLatLng(null, size)).toBeUndefined();
    expect(fractionToLatLng([Number.NaN, 0], size)).toBeUndefined();
  });
  it('bounds the image from the origin to [height, width]', () => {
    expect(imageBounds(size)).toEqual([
      [0, 0],
      [600, 800],
    ]);
  });
});
