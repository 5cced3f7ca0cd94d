/**
 * QR codes of records, shared by the features that show one: one of the sizes of `QR_SIZES` (100 to
 * 700 pixels) and error-correction level H.
 */
import { QR_ERROR_LEVEL } from '@sightline/shared';
import type { FastifyReply } from 'fastify';
import QRCode from 'qrcode';

export function qrPng(text: string, size: number): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: QR_ERROR_LEVEL, width: size, margin: 2 });
}

export async function sendQrPng(reply: FastifyReply, text: string, size: number) {
  const png = await qrPng(text, size);
  return reply.type('image/png').send(png);
}
