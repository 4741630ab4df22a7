// The publisher modules of the live catalogue (issue 18, item 6): each builds its publisher's documented URL and
// reads the publisher's own response format (the recorded answers under test/fixtures/dataset-sources), and a
// response in another format is an error, never an empty or wrong series.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, datasetBySlug } from '../../domain/datasets/catalogue.js';
import { DatasetParseError } from '../../domain/datasets/parse.js';
import type { LiveSource, Point } from '../../domain/datasets/types.js';
import { ConfigError, loadConfig } from '../../infra/config.js';
import { bisUrl, parseBis } from '../../infra/datasets/publishers/bis.js';
import { boeDate, boeUrl, parseBoe } from '../../infra/datasets/publishers/boe.js';
import { destatisUrl, parseDestatis } from '../../infra/datasets/publishers/destatis.js';
import { ecbUrl, parseEcb } from '../../infra/datasets/publishers/ecb.js';
import { eia, eiaUrl, parseEiaPage } from '../../infra/datasets/publishers/eia.js';
import { fredUrl, parseFred } from '../../infra/datasets/publishers/fred.js';
import { liveReadable, liveUrl, readLive } from '../../infra/datasets/publishers/index.js';
import { onsUrl, parseOnsSeries } from '../../infra/datasets/publishers/ons.js';
import { sdmxPeriodDate } from '../../infra/datasets/publishers/sdmx.js';
import { parseWorldBank, worldBankUrl } from '../../infra/datasets/publishers/world-bank.js';
import { liveDisplayUrl } from '../../infra/datasets/refresh-urls.js';
import { fromRoot } from '../../infra/paths.js';

const fixture = (name: string) => readFileSync(fromRoot(`test/fixtures/dataset-sources/${name}`), 'utf8');
const live = <P extends LiveSource['publisher']>(slug: string, publisher: P) => {
  const source = datasetBySlug(slug)!.live!;
  expect(source.publisher).toBe(publisher);
  return source as Extract<LiveSource, { publisher: P }>;
};
const ends = (points: Point[]) => [points[0], points.at(-1)];
const fails = (read: () => unknown, message: RegExp) => {
  let error: unknown;
  try {
    read();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(DatasetParseError);
  expect((error as Error).message).toMatch(message);
};

describe('the catalogue’s live sources', () => {
  it('gives every dataset its publisher’s source, or says why there is none', () => {
    const publishers = new Set(CATALOGUE.flatMap((d) => (d.live ? [d.live.publisher] : [])));
    expect([...publishers].sort()).toEqual(['bis', 'boe', 'destatis', 'ecb', 'eia', 'fred', 'ons', 'world-bank']);
    for (const d of CATALOGUE) {
      if (d.live) expect(new URL(liveUrl(d.live, { eiaApiKey: 'k' })).protocol).toBe('https:');
      else expect(d.noLiveSource).toMatch(/\w{10}/);
    }
    expect(CATALOGUE.filter((d) => !d.live).map((d) => d.slug)).toEqual([
      'uk-rpi-dwelling-insurance',
      'uk-rpi-vehicle-tax-insurance',
      'uk-house-price-nationwide',
    ]);
  });

  it('reads EIA only with an API key, and never shows the key', () => {
    const source = live('brent-crude-daily', 'eia');
    expect(liveReadable(source, {})).toBe(false);
    expect(liveReadable(source, { eiaApiKey: 'k' })).toBe(true);
    expect(liveDisplayUrl(eiaUrl(source, { eiaApiKey: 's3cret' }))).toBe(
      'https://api.eia.gov/v2/seriesid/PET.RBRTE.D?offset=0&length=5000',
    );
  });
});

describe('ONS time-series CSV', () => {
  const source = live('uk-cpi-annual-rate', 'ons');
  it('builds the generator URL and reads the monthly block, checking the CDID', () => {
    expect(onsUrl(source)).toBe(
      'https://www.ons.gov.uk/generator?format=csv&uri=/economy/inflationandpriceindices/timeseries/d7g7/mm23',
    );
    expect(onsUrl(live('uk-rpi-annual-rate', 'ons'))).toContain('/timeseries/czbh/mm23');
    const points = parseOnsSeries(fixture('ons-d7g7-mm23.csv'), source);
    expect(points.at(-1)).toEqual({ date: '2026-02-01', value: 3 });
    expect(points.every((p) => p.date.endsWith('-01'))).toBe(true);
  });
  it('refuses another series and a file without the CDID row', () => {
    fails(
      () => parseOnsSeries(fixture('ons-d7g7-mm23.csv').replace('"CDID","D7G7"', '"CDID","D7BT"'), source),
      /series D7BT, not D7G7/,
    );
    fails(() => parseOnsSeries('"1989","5.2"\n', source), /no "CDID" row/);
  });
});

describe('Bank of England database CSV', () => {
  const gilt = live('uk-gilt-10y-yield', 'boe');
  it('builds the database download URL and reads "DD Mon YYYY" dates', () => {
    expect(boeUrl(gilt)).toBe(
      'https://www.bankofengland.co.uk/boeapps/database/_iadb-fromshowcolumns.asp?csv.x=yes&Datefrom=01/Jan/1984&Dateto=now&SeriesCodes=IUQAMNPY&CSVF=TN&UsingCodes=Y&VPD=Y&VFD=N',
    );
    expect(ends(parseBoe(fixture('boe-IUQAMNPY.csv'), gilt))).toEqual([
      { date: '1984-03-31', value: 10.9817 },
      { date: '2025-12-31', value: 4.5197 },
    ]);
    expect(boeDate('02 Jan 1975', 'x')).toBe('1975-01-02');
  });
  it('refuses another series, an HTML page and another date format', () => {
    fails(() => parseBoe(fixture('boe-IUDBEDR.csv'), gilt), /no column "IUQAMNPY"/);
    fails(() => parseBoe('<html><body>Error</body></html>', gilt), /unexpected header/);
    fails(() => parseBoe('DATE,IUQAMNPY\n2025-12-31,4.5\n', gilt), /not a "DD Mon YYYY" date/);
  });
  it('resamples daily Bank Rate to month ends and keeps the bundled history before it', async () => {
    const source = live('uk-bank-rate', 'boe');
    const points = await readLive(source, { get: () => Promise.resolve(fixture('boe-IUDBEDR.csv')) }, () =>
      Promise.resolve([
        { date: '1694-10-31', value: 6 },
        { date: '2024-07-31', value: 9 },
      ]),
    );
    expect(points.slice(0, 3)).toEqual([
      { date: '1694-10-31', value: 6 },
      { date: '2024-07-31', value: 5.25 },
      { date: '2024-08-31', value: 5 },
    ]);
  });
});

describe('FRED fredgraph CSV', () => {
  const source = live('gbp-per-usd', 'fred');
  it('builds the fredgraph URL and gives the reciprocal the catalogue quotes', () => {
    expect(fredUrl(source)).toBe('https://fred.stlouisfed.org/graph/fredgraph.csv?id=EXUSUK');
    expect(parseFred(fixture('fred-EXUSUK.csv'), source).at(-1)).toEqual({ date: '2026-06-01', value: 0.7497 });
    // The header before 2024, and "." for a missing observation.
    expect(parseFred('DATE,EXUSUK\n2026-05-01,.\n2026-06-01,1.25\n', source)).toEqual([
      { date: '2026-06-01', value: 0.8 },
    ]);
  });
  it('refuses a changed header and an empty answer', () => {
    fails(() => parseFred('observation_date,EXUSEU\n2026-06-01,1.1\n', source), /no column "EXUSUK"/);
    fails(() => parseFred('observation_date,EXUSUK\n2026-06-01,.\n', source), /no observations/);
  });
});

describe('ECB data portal SDMX CSV', () => {
  const source = live('euribor-3m', 'ecb');
  it('builds the data API URL and keeps the first daily fixing of each month', () => {
    expect(ecbUrl(source)).toBe(
      'https://data-api.ecb.europa.eu/service/data/FM/B.U2.EUR.RT.MM.EURIBOR3MD_.HSTA?format=csvdata',
    );
    expect(live('euribor-12m', 'ecb').key).toBe('B.U2.EUR.RT.MM.EURIBOR1YD_.HSTA');
    const points = parseEcb(fixture('ecb-FM-EURIBOR3MD_.csv'), source);
    expect(points).toHaveLength(12);
    expect(ends(points)).toEqual([
      { date: '2025-06-02', value: 1.979 },
      { date: '2026-05-04', value: 2.2 },
    ]);
    // The days after the first of a month are not kept, in whatever order they come.
    const shuffled = fixture('ecb-FM-EURIBOR3MD_.csv').trim().split('\n');
    expect(parseEcb([shuffled[0], ...shuffled.slice(1).reverse()].join('\n'), source)).toEqual(points);
  });
  it('refuses another series and a missing OBS_VALUE column', () => {
    fails(
      () => parseEcb(fixture('ecb-FM-EURIBOR3MD_.csv').replaceAll('EURIBOR3MD_', 'EURIBOR6MD_'), source),
      /KEY is "FM.B.U2.EUR.RT.MM.EURIBOR6MD_.HSTA"/,
    );
    fails(
      () => parseEcb(fixture('ecb-FM-EURIBOR3MD_.csv').replace('OBS_VALUE', 'VALUE'), source),
      /no column "OBS_VALUE"/,
    );
  });
  it('reads SDMX periods', () => {
    expect(['2024', '2024-Q1', '2024-03', '2024-03-15'].map((p) => sdmxPeriodDate(p, false))).toEqual([
      '2024-01-01',
      '2024-01-01',
      '2024-03-01',
      '2024-03-15',
    ]);
    expect(['2024-Q1', '2024-Q4'].map((p) => sdmxPeriodDate(p, true))).toEqual(['2024-03-31', '2024-12-31']);
    expect(sdmxPeriodDate('2024-W05', false)).toBeNull();
  });
});

describe('BIS SDMX CSV', () => {
  const source = live('uk-residential-property-prices', 'bis');
  it('builds the stats API URL and dates quarters on their last day', () => {
    expect(bisUrl(source)).toBe('https://stats.bis.org/api/v1/data/WS_SPP/Q.GB.N.628/all?detail=dataonly&format=csv');
    expect(ends(parseBis(fixture('bis-WS_SPP-Q.GB.N.628.csv'), source))).toEqual([
      { date: '2023-03-31', value: 164.7548 },
      { date: '2025-12-31', value: 172.7348 },
    ]);
  });
  it('refuses another country or unit', () => {
    fails(
      () => parseBis(fixture('bis-WS_SPP-Q.GB.N.628.csv').replaceAll(',GB,N,628,', ',DE,N,628,'), source),
      /REF_AREA is "DE"/,
    );
    fails(
      () => parseBis(fixture('bis-WS_SPP-Q.GB.N.628.csv').replaceAll(',GB,N,628,', ',GB,N,771,'), source),
      /UNIT_MEASURE is "771"/,
    );
  });
});

describe('EIA API v2', () => {
  const weekly = live('brent-crude-weekly', 'eia');
  it('builds the seriesid URL and reads a page', () => {
    expect(eiaUrl(weekly, { eiaApiKey: 'k' }, 5000)).toBe(
      'https://api.eia.gov/v2/seriesid/PET.RBRTE.W?api_key=k&offset=5000&length=5000',
    );
    const page = parseEiaPage(fixture('eia-PET.RBRTE.W.json'), weekly);
    expect(page.total).toBe(12);
    expect(page.points[0]).toEqual({ date: '2026-08-14', value: 92.51 });
  });
  it('dates months on the 15th and reads values given as text', () => {
    const monthly = live('wti-crude-monthly', 'eia');
    const text = JSON.stringify({
      response: {
        total: '2',
        frequency: 'monthly',
        data: [
          { period: '2026-07', value: '71.2' },
          { period: '2026-06', value: null },
        ],
      },
    });
    expect(parseEiaPage(text, monthly).points).toEqual([{ date: '2026-07-15', value: 71.2 }]);
  });
  it('reads page after page until the total', async () => {
    const rows = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        period: `2026-01-${String(from + i).padStart(2, '0')}`,
        value: from + i,
      }));
    const pages = [rows(1, 2), rows(3, 1)];
    const seen: string[] = [];
    const get = (url: string) => {
      seen.push(new URL(url).searchParams.get('offset')!);
      return Promise.resolve(JSON.stringify({ response: { total: 3, frequency: 'daily', data: pages.shift() ?? [] } }));
    };
    const daily = live('brent-crude-daily', 'eia');
    expect(await eia.read(daily, { get, eiaApiKey: 'k' })).toHaveLength(3);
    expect(seen).toEqual(['0', '2']);
  });
  it('refuses an API error, another frequency and a changed shape', () => {
    fails(() => parseEiaPage('{"error":"invalid api_key"}', weekly), /EIA: invalid api_key/);
    fails(
      () =>
        parseEiaPage(fixture('eia-PET.RBRTE.W.json').replace('"frequency": "weekly"', '"frequency": "daily"'), weekly),
      /daily, not weekly/,
    );
    fails(() => parseEiaPage('{"response":{"rows":[]}}', weekly), /no response.data list/);
    fails(() => parseEiaPage('<html>', weekly), /not JSON/);
  });
});

describe('World Bank API', () => {
  const source = live('uk-inflation-annual', 'world-bank');
  it('builds the indicator URL and reads the years that have a value', () => {
    expect(worldBankUrl(source)).toBe(
      'https://api.worldbank.org/v2/country/GBR/indicator/FP.CPI.TOTL.ZG?format=json&per_page=20000',
    );
    const points = parseWorldBank(fixture('world-bank-GBR-FP.CPI.TOTL.ZG.json'), source);
    expect(points.map((p) => p.date)).not.toContain('2025-01-01');
    expect(points.find((p) => p.date === '2023-01-01')?.value).toBeCloseTo(7.298, 3);
  });
  it('refuses an API message, another country and a second page', () => {
    fails(
      () =>
        parseWorldBank(
          '[{"message":[{"id":"120","key":"Invalid value","value":"The provided parameter value is not valid"}]}]',
          source,
        ),
      /not valid/,
    );
    fails(
      () => parseWorldBank(fixture('world-bank-GBR-FP.CPI.TOTL.ZG.json').replaceAll('"GBR"', '"DEU"'), source),
      /of DEU, not the series/,
    );
    fails(
      () => parseWorldBank(fixture('world-bank-GBR-FP.CPI.TOTL.ZG.json').replace('"pages": 1', '"pages": 2'), source),
      /more than one page/,
    );
  });
});

describe('Destatis GENESIS ffcsv', () => {
  const source = live('de-road-deaths', 'destatis');
  it('builds the tablefile URL and reads one measure', () => {
    expect(destatisUrl(source)).toBe(
      'https://www-genesis.destatis.de/genesisWS/rest/2020/data/tablefile?name=46241-0002&area=all&compress=false&transpose=false&startyear=1991&format=ffcsv&language=en',
    );
    expect(ends(parseDestatis(fixture('destatis-46241-0002.ffcsv'), source))).toEqual([
      { date: '2017-01-01', value: 3180 },
      { date: '2021-01-01', value: 2562 },
    ]);
  });
  it('skips quality marks, and refuses a table without the measure or the ffcsv columns', () => {
    const marked = fixture('destatis-46241-0002.ffcsv').replace(
      ';VER003;Persons killed;2562;',
      ';VER003;Persons killed;...;',
    );
    expect(parseDestatis(marked, source).at(-1)!.date).toBe('2020-01-01');
    fails(
      () =>
        parseDestatis(fixture('destatis-46241-0002.ffcsv').replaceAll('VER003', 'VER009'), {
          ...source,
          measure: 'VER003',
        }),
      /has no measure VER003/,
    );
    fails(() => parseDestatis('Jahr;Wert\n2021;2562\n', source), /unexpected header/);
  });
});

describe('DATASET_SOURCES', () => {
  it('is bundled unless set to live, and nothing else', () => {
    expect(loadConfig({}).DATASET_SOURCES).toBe('bundled');
    expect(loadConfig({ DATASET_SOURCES: 'live' }).DATASET_SOURCES).toBe('live');
    expect(() => loadConfig({ DATASET_SOURCES: 'files' })).toThrow(ConfigError);
  });
});
