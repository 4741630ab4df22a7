// Where the OCR language data comes from: the installed @tesseract.js-data packages, linked, never copied.
import { lstat, readdir, readlink } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { languageData, linkLanguageData } from '../../infra/ocr/tessdata.js';
import { fromRoot } from '../../infra/paths.js';

describe('OCR language data', () => {
  it('uses the LSTM-only variant each package ships', () => {
    expect(languageData('deu')).toMatchObject({
      code: 'deu',
      gzip: true,
      langPath: fromRoot('node_modules/@tesseract.js-data/deu/4.0.0_best_int'),
    });
  });

  it('names the package to install for a language that is missing', () => {
    expect(() => languageData('spa')).toThrow(
      'language data for "spa" is not installed (npm package @tesseract.js-data/spa)',
    );
    expect(() => languageData('../eng')).toThrow(/not a tesseract language code/);
  });

  it('links the packages’ files into one private directory and removes it', async () => {
    const dir = await linkLanguageData(['eng', 'deu', 'fra']);
    const names = (await readdir(dir.path)).sort();
    expect(names).toEqual(['deu.traineddata.gz', 'eng.traineddata.gz', 'fra.traineddata.gz']);
    for (const name of names) {
      expect((await lstat(`${dir.path}/${name}`)).isSymbolicLink()).toBe(true);
      expect(await readlink(`${dir.path}/${name}`)).toBe(
        fromRoot(`node_modules/@tesseract.js-data/${name.slice(0, 3)}/4.0.0_best_int/${name}`),
      );
    }
    await dir.remove();
    await expect(readdir(dir.path)).rejects.toThrow(/ENOENT/);
  });
});
