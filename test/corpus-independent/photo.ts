// A phone photo of a printed page, as people upload them: turned by up to three degrees, lit unevenly (a hand's
// shadow falling across one side), a little soft, JPEG-compressed, one image per page of an image-only PDF.
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { openPdf } from '../../infra/pdf/pdfjs.js';
import { Random } from '../../scripts/random.js';

type RenderParameters = Parameters<Awaited<ReturnType<Awaited<ReturnType<typeof openPdf>>['getPage']>>['render']>[0];

export async function photographPdf(textPdf: Uint8Array, seed: number): Promise<Buffer> {
  const r = new Random(seed);
  const dpi = r.pick([170, 190, 220]);
  const source = await openPdf(textPdf);
  const out = await PDFDocument.create();
  out.setCreationDate(new Date(Date.UTC(2024, 5, 1)));
  out.setModificationDate(new Date(Date.UTC(2024, 5, 1)));
  out.setProducer('independent corpus camera');
  try {
    for (let n = 1; n <= source.numPages; n++) {
      const page = await source.getPage(n);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const [width, height] = [Math.round(viewport.width), Math.round(viewport.height)];
      const flat = createCanvas(width, height);
      await page.render({ canvas: flat as unknown as RenderParameters['canvas'], viewport }).promise;
      page.cleanup();

      const photo = createCanvas(width, height);
      const ctx = photo.getContext('2d');
      ctx.fillStyle = 'rgb(228,226,220)';
      ctx.fillRect(0, 0, width, height);
      ctx.translate(width / 2, height / 2);
      ctx.rotate(((r.next() * 2 - 1) * 3 * Math.PI) / 180);
      ctx.drawImage(flat, -width / 2, -height / 2);
      ctx.setTransform(1, 0, 0, 1, 0, 0);

      // The shadow: a soft band darkening one side of the sheet.
      const fromLeft = r.chance(0.5);
      const shade = ctx.createLinearGradient(
        fromLeft ? 0 : width,
        0,
        fromLeft ? width * 0.55 : width * 0.45,
        height * 0.3,
      );
      shade.addColorStop(0, `rgba(40,35,30,${(0.35 + r.next() * 0.2).toFixed(2)})`);
      shade.addColorStop(1, 'rgba(40,35,30,0)');
      ctx.fillStyle = shade;
      ctx.fillRect(0, 0, width, height);

      // Softness: the image drawn at a lower resolution and back up, as a phone's processing leaves it.
      const soft = createCanvas(Math.round(width * 0.8), Math.round(height * 0.8));
      soft.getContext('2d').drawImage(photo, 0, 0, soft.width, soft.height);
      const final = createCanvas(width, height);
      final.getContext('2d').drawImage(soft, 0, 0, width, height);

      const jpeg = await final.encode('jpeg', r.int(62, 80));
      const image = await out.embedJpg(jpeg);
      const [w, h] = [(width * 72) / dpi, (height * 72) / dpi];
      out.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
    }
  } finally {
    await source.destroy();
  }
  return Buffer.from(await out.save({ useObjectStreams: false }));
}
