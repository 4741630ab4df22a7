// The datasets' shared words (licences, formats, live sources) and the families of datasets made one per country or
// tenor (BIS house prices, World Bank CPI and GDP, Euribor, Destatis), for the catalogue (catalogue.ts).
import type { DatasetDefinition, LiveSource, SourceFormat } from './types.js';

export const OGL = 'Open Government Licence v3.0';
export const PDDL = 'ODC-PDDL-1.0 (as packaged by the datasets project)';

const INFLATION = '/economy/inflationandpriceindices';
export const onsLive = (cdid: string): LiveSource => ({
  publisher: 'ons',
  topic: INFLATION,
  cdid,
  dataset: 'mm23',
  block: 'monthly',
});

export const ons = (block: 'monthly' | 'quarterly' | 'annual'): SourceFormat => ({ kind: 'ons', block });
export const csv = (
  dateColumn: string,
  valueColumn: string,
  extra: Partial<Extract<SourceFormat, { kind: 'csv' }>> = {},
): SourceFormat => ({
  kind: 'csv',
  dateColumn,
  dateStyle: 'iso',
  valueColumn,
  ...extra,
});

export const rpiFile = 'uk-rpi-insurance-components-ons/ons_rpi_insurance_12m_change_monthly.csv';
export const rpiComponentNoLive =
  'The bundled copy was compiled from the ONS consumer price inflation reference tables (a spreadsheet); the ' +
  'catalogue does not yet name an ONS time-series identifier for this component.';
export const rpiMethod =
  'ONS RPI 12-month percentage changes, as compiled by the Economics Observatory (github.com/EconomicsObservatory/ECOvisualisations) ' +
  'from the ONS consumer price inflation tables. Monthly, dated on the first of the month. Values are rounded to one decimal.';

export const bis = (code: 'GB' | 'DE' | 'FR', country: string, slug: string): DatasetDefinition => ({
  slug,
  title: `${country} residential property prices (BIS, nominal)`,
  description:
    `A quarterly index of what homes in ${country} sell for, in current prices, with 2010 as 100. ` +
    'Collected from national statistics by the Bank for International Settlements so that countries can be compared.',
  category: 'housing',
  source: 'bis',
  cadence: 'quarterly',
  unit: 'index, 2010=100',
  publisher: 'Bank for International Settlements',
  licence: 'BIS terms of permitted use of statistics (attribution required)',
  sourceUrl: 'https://data.bis.org/topics/RPP',
  methodology:
    'BIS selected residential property prices (WS_SPP), nominal series, quarter-end dates. National definitions differ ' +
    '(coverage of new and existing dwellings, regions); the BIS rebases each to 2010=100. Source: BIS, national sources.',
  publicationLagDays: 100,
  file: 'house-prices-bis/nominal_index.csv',
  format: csv('date', 'price', { where: { column: 'country_code', equals: code } }),
  // Quarterly, the country, nominal (N), index 2010=100 (unit 628).
  live: { publisher: 'bis', flow: 'WS_SPP', key: `Q.${code}.N.628` },
});

export const worldBankCpi = (code: 'GBR' | 'DEU' | 'FRA', country: string, slug: string): DatasetDefinition => ({
  slug,
  title: `${country} consumer price inflation, annual (World Bank)`,
  description:
    `The yearly rise in consumer prices in ${country}, in percent, on the World Bank's common definition, ` +
    'convenient for comparing inflation across countries over six decades.',
  category: 'inflation',
  source: 'world-bank',
  cadence: 'annual',
  unit: '%',
  publisher: 'The World Bank',
  licence: `${PDDL}; World Bank open data terms (CC BY 4.0)`,
  sourceUrl: 'https://data.worldbank.org/indicator/FP.CPI.TOTL.ZG',
  methodology:
    'World Bank indicator FP.CPI.TOTL.ZG: annual percentage change in the cost to the average consumer of a basket of ' +
    'goods and services (Laspeyres), from IMF International Financial Statistics. One value per calendar year, dated 1 January.',
  publicationLagDays: 540,
  file: 'world-bank-cpi-inflation/inflation-consumer.csv',
  format: csv('Year', 'Inflation', { dateStyle: 'year', where: { column: 'Country Code', equals: code } }),
  live: { publisher: 'world-bank', country: code, indicator: 'FP.CPI.TOTL.ZG' },
});

export const worldBankGdp = (code: 'GBR' | 'DEU' | 'FRA', country: string, slug: string): DatasetDefinition => ({
  slug,
  title: `${country} gross domestic product (current US dollars)`,
  description: `The total value of goods and services produced in ${country} each year, converted to US dollars at that year's exchange rates.`,
  category: 'macro',
  source: 'world-bank',
  cadence: 'annual',
  unit: 'USD, current prices',
  publisher: 'The World Bank',
  licence: `${PDDL}; World Bank open data terms (CC BY 4.0)`,
  sourceUrl: 'https://data.worldbank.org/indicator/NY.GDP.MKTP.CD',
  methodology:
    'World Bank indicator NY.GDP.MKTP.CD (World Bank and OECD national accounts): GDP at purchaser prices in current US ' +
    'dollars, converted with official annual average exchange rates, so it moves with the currency as well as the economy.',
  publicationLagDays: 540,
  file: 'world-bank-gdp/gdp.csv',
  format: csv('Year', 'Value', { dateStyle: 'year', where: { column: 'Country Code', equals: code } }),
  live: { publisher: 'world-bank', country: code, indicator: 'NY.GDP.MKTP.CD' },
});

export const euribor = (tenor: '1w' | '1m' | '3m' | '6m' | '12m', label: string, file: string): DatasetDefinition => ({
  slug: `euribor-${tenor}`,
  title: `Euribor ${label}`,
  description:
    `The rate at which euro-area banks say they can borrow unsecured for ${label}, sampled once a month. ` +
    (tenor === '3m' || tenor === '12m'
      ? 'A common reference for euro variable-rate mortgages and loans.'
      : 'One tenor of the euro money-market benchmark.'),
  category: 'interest-rates',
  source: 'emmi',
  cadence: 'monthly',
  unit: '% per year',
  publisher: 'European Money Markets Institute',
  licence: `${PDDL}; EMMI terms of use may apply`,
  sourceUrl: 'https://www.emmi-benchmarks.eu/benchmarks/euribor/',
  methodology:
    'Daily Euribor fixings published by EMMI, taken on the first business day of each month. ' +
    (tenor === '12m' ? 'This copy starts in January 2014. ' : '') +
    (tenor === '1w' ? 'Despite the one-week tenor, the series holds one value per month. ' : '') +
    'Euribor has used a hybrid methodology (transactions first, then expert judgement) since 2019.',
  publicationLagDays: 3,
  file,
  format: csv('date', 'rate'),
  // EMMI shows Euribor on its website a day late and offers no documented download; the ECB data portal
  // republishes the daily fixings (financial market data, FM, business-daily frequency B). The first of each
  // month is kept, as in the bundled copy: the ECB's monthly series (M) is the month's average, another measure.
  live: {
    publisher: 'ecb',
    flow: 'FM',
    key: `B.U2.EUR.RT.MM.EURIBOR${tenor === '12m' ? '1Y' : tenor.toUpperCase()}D_.HSTA`,
    firstOfMonth: true,
  },
});

export const destatis = (
  slug: string,
  title: string,
  description: string,
  unit: string,
  file: string,
  column: string,
  live: { table: string; measure: string },
  note = '',
): DatasetDefinition => ({
  slug,
  title,
  description,
  category: 'motor',
  source: 'destatis',
  cadence: 'annual',
  unit,
  publisher: 'Statistisches Bundesamt (Destatis)',
  licence: 'Datenlizenz Deutschland – Namensnennung 2.0 (Destatis terms)',
  sourceUrl: 'https://www.destatis.de/DE/Themen/Gesellschaft-Umwelt/Verkehrsunfaelle/_inhalt.html',
  methodology:
    'From the Destatis publication "Verkehrsunfälle – Zeitreihen", transcribed to CSV by a university project ' +
    '(github.com/Cromotus/DataLit23-24). Years 1991, 1995, 2000 and 2002 to 2021 only; the years between are not in the ' +
    `source and are not filled in. ${note}`.trim(),
  publicationLagDays: 550,
  file,
  format: csv('Year', column, { delimiter: ';', dateStyle: 'year' }),
  // GENESIS-Online tables of the road traffic accident statistics (46241) and the vehicle stock (46251).
  live: { publisher: 'destatis', ...live, startYear: 1991 },
});
