// Language data for tesseract.js from the @tesseract.js-data packages installed with the service: never a
// download. tesseract.js reads every language from one directory (`langPath`), while each package keeps its
// file in a directory of its own, so the pool gets a private directory of symbolic links to the packages'
// files: nothing is copied, nothing fetched, nothing written into the working directory.
//
// Each package ships two variants: its `langPath` (4.0.0) holds the LSTM model with the legacy engine's data,
// 4.0.0_best_int beside it the LSTM model alone. The pool runs the LSTM engine only, for which tesseract.js
// itself would fetch best_int: the pages read the same, from a sixth of the bytes and about half the memory
// per worker, so it is preferred when present.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

interface DataPackage {
  code: string;
  gzip: boolean;
  langPath: string;
}

export const dataFileName = (data: DataPackage) => `${data.code}.traineddata${data.gzip ? '.gz' : ''}`;

/** Where a language's data is on disk: the package's LSTM-only variant when it has one, else its `langPath`. */
export function languageData(code: string): DataPackage {
  if (!/^[a-z_]{3,12}$/.test(code)) throw new Error(`not a tesseract language code: ${code}`);
  let data: DataPackage;
  try {
    data = require(`@tesseract.js-data/${code}`) as DataPackage;
  } catch {
    throw new Error(`language data for "${code}" is not installed (npm package @tesseract.js-data/${code})`);
  }
  const lstmOnly = { ...data, langPath: path.join(path.dirname(data.langPath), '4.0.0_best_int') };
  return existsSync(path.join(lstmOnly.langPath, dataFileName(lstmOnly))) ? lstmOnly : data;
}

export interface LangDirectory {
  path: string;
  gzip: boolean;
  remove(): Promise<void>;
}

export async function linkLanguageData(langs: readonly string[]): Promise<LangDirectory> {
  const packages = langs.map(languageData);
  const gzip = packages.every((p) => p.gzip);
  if (!gzip && packages.some((p) => p.gzip)) throw new Error('language data packages mix gzipped and plain files');
  const dir = await mkdtemp(path.join(tmpdir(), 'tessdata-'));
  try {
    for (const data of packages)
      await symlink(path.join(data.langPath, dataFileName(data)), path.join(dir, dataFileName(data)));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { path: dir, gzip, remove: () => rm(dir, { recursive: true, force: true }) };
}
