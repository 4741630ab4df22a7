// The public datasets the service serves. The numbers come from the files under data/datasets (each folder's
// SOURCE.txt says where from); titles, descriptions and methodology notes here are our own words.
import type { DatasetDefinition, LiveSource, SourceFormat } from './types.js';

const OGL = 'Open Government Licence v3.0';
const PDDL = 'ODC-PDDL-1.0 (as packaged by the datasets project)';

const INFLATION = '/economy/inflationandpriceindices';
const onsLive = (cdid: string): LiveSource => ({
  publisher: 'ons',
  topic: INFLATION,
  cdid,
  dataset: 'mm23',
  block: 'monthly',
});

const ons = (block: 'monthly' | 'quarterly' | 'annual'): SourceFormat => ({ kind: 'ons', block });
const csv = (
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

const rpiFile = 'uk-rpi-insurance-components-ons/ons_rpi_insurance_12m_change_monthly.csv';
const rpiComponentNoLive =
  'The bundled copy was compiled from the ONS consumer price inflation reference tables (a spreadsheet); the ' +
  'catalogue does not yet name an ONS time-series identifier for this component.';
const rpiMethod =
  'ONS RPI 12-month percentage changes, as compiled by the Economics Observatory (github.com/EconomicsObservatory/ECOvisualisations) ' +
  'from the ONS consumer price inflation tables. Monthly, dated on the first of the month. Values are rounded to one decimal.';

const bis = (code: 'GB' | 'DE' | 'FR', country: string, slug: string): DatasetDefinition => ({
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

const worldBankCpi = (code: 'GBR' | 'DEU' | 'FRA', country: string, slug: string): DatasetDefinition => ({
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

const worldBankGdp = (code: 'GBR' | 'DEU' | 'FRA', country: string, slug: string): DatasetDefinition => ({
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

const euribor = (tenor: '1w' | '1m' | '3m' | '6m' | '12m', label: string, file: string): DatasetDefinition => ({
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

const destatis = (
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

export const CATALOGUE: readonly DatasetDefinition[] = [
  {
    slug: 'uk-cpi-annual-rate',
    title: 'UK CPI inflation, 12-month rate',
    description:
      'How much UK consumer prices rose over the past year, in percent, month by month: the headline inflation figure ' +
      'the Bank of England targets at 2%.',
    category: 'inflation',
    source: 'ons',
    cadence: 'monthly',
    unit: '%',
    publisher: 'Office for National Statistics',
    licence: OGL,
    sourceUrl: 'https://www.ons.gov.uk/economy/inflationandpriceindices/timeseries/d7g7/mm23',
    methodology:
      'ONS series D7G7 (dataset MM23): the change in the CPI all-items index against the same month a year earlier. ' +
      'Read from the monthly block of the ONS time-series download; months are dated on their first day.',
    publicationLagDays: 45,
    file: 'uk-cpi-ons/ons_cpi_annual_rate_series_D7G7.csv',
    format: ons('monthly'),
    live: onsLive('d7g7'),
  },
  {
    slug: 'uk-cpi-index',
    title: 'UK consumer prices index (CPI), 2015=100',
    description:
      'The level of UK consumer prices, set to 100 in 2015: the index from which CPI inflation is measured, handy for ' +
      'uprating amounts between two dates.',
    category: 'inflation',
    source: 'ons',
    cadence: 'monthly',
    unit: 'index, 2015=100',
    publisher: 'Office for National Statistics',
    licence: OGL,
    sourceUrl: 'https://www.ons.gov.uk/economy/inflationandpriceindices/timeseries/d7bt/mm23',
    methodology:
      'ONS series D7BT (dataset MM23), CPI all items, a chain-linked Laspeyres-type index of a household basket. ' +
      'Monthly block of the ONS time-series download; months are dated on their first day.',
    publicationLagDays: 45,
    file: 'uk-cpi-ons/ons_cpi_index_series_D7BT.csv',
    format: ons('monthly'),
    live: onsLive('d7bt'),
  },
  {
    slug: 'uk-rpi-annual-rate',
    title: 'UK retail prices index (RPI), all items, 12-month change',
    description:
      'The yearly change in the retail prices index, the older UK price measure that still sets index-linked gilts, ' +
      'student loan interest and many contracts.',
    category: 'inflation',
    source: 'ons',
    cadence: 'monthly',
    unit: '%',
    publisher: 'Office for National Statistics',
    licence: OGL,
    sourceUrl: 'https://www.ons.gov.uk/economy/inflationandpriceindices/timeseries/czbh/mm23',
    methodology: rpiMethod + ' RPI is no longer a National Statistic; ONS advises against new uses of it.',
    publicationLagDays: 45,
    file: rpiFile,
    format: csv('date', 'rpi_all_items_12m_pct'),
    live: onsLive('czbh'),
  },
  {
    slug: 'uk-rpi-dwelling-insurance',
    title: 'UK home insurance and ground rent prices (RPI component), 12-month change',
    description:
      'How fast the price of buildings and contents insurance, together with ground rent, has moved over a year: ' +
      'a gauge of home insurance premium growth.',
    category: 'housing',
    source: 'ons',
    cadence: 'monthly',
    unit: '%',
    publisher: 'Office for National Statistics',
    licence: OGL,
    sourceUrl: 'https://www.ons.gov.uk/economy/inflationandpriceindices/datasets/consumerpriceindices',
    methodology: `${rpiMethod} The component combines dwelling insurance with ground rent.`,
    publicationLagDays: 45,
    file: rpiFile,
    format: csv('date', 'rpi_dwelling_insurance_ground_rent_12m_pct'),
    live: null,
    noLiveSource: rpiComponentNoLive,
  },
  {
    slug: 'uk-rpi-vehicle-tax-insurance',
    title: 'UK vehicle tax and insurance prices (RPI component), 12-month change',
    description:
      'The yearly change in what motorists pay to tax and insure a vehicle, a close indicator of motor insurance ' +
      'premium growth.',
    category: 'motor',
    source: 'ons',
    cadence: 'monthly',
    unit: '%',
    publisher: 'Office for National Statistics',
    licence: OGL,
    sourceUrl: 'https://www.ons.gov.uk/economy/inflationandpriceindices/datasets/consumerpriceindices',
    methodology: `${rpiMethod} The component includes vehicle excise duty as well as insurance, so tax changes move it too.`,
    publicationLagDays: 45,
    file: rpiFile,
    format: csv('date', 'rpi_vehicles_tax_insurance_12m_pct'),
    live: null,
    noLiveSource: rpiComponentNoLive,
  },
  {
    slug: 'uk-bank-rate',
    title: 'Bank of England Bank Rate, month end',
    description:
      'The official UK policy interest rate set by the Bank of England, as it stood at the end of each month, ' +
      'going back to the Bank’s early years.',
    category: 'interest-rates',
    source: 'boe',
    cadence: 'monthly',
    unit: '% per year',
    publisher: 'Bank of England',
    licence: 'ODC-PDDL (as packaged by the datasets project); Bank of England terms',
    sourceUrl: 'https://www.bankofengland.co.uk/boeapps/database/Bank-Rate.asp',
    methodology:
      'Derived from the dates on which the rate changed: each month end carries the rate then in force, up to the month ' +
      'of the last change in the copy. Over its history the rate was the minimum lending rate, the band 1 dealing rate, ' +
      'the repo rate and Bank Rate. Early changes known only to the month are dated on its first day.',
    publicationLagDays: 1,
    file: 'uk-bank-rate-boe/data.csv',
    format: csv('date', 'rate', { resample: 'month-end-step' }),
    // Daily Bank Rate from the Bank's database, which starts in 1975; the bundled history before it is kept.
    live: {
      publisher: 'boe',
      series: 'IUDBEDR',
      from: '01/Jan/1975',
      resample: 'month-end-step',
      keepBundledHistory: true,
    },
  },
  {
    slug: 'uk-gilt-10y-yield',
    title: 'UK 10-year gilt yield, quarterly average',
    description:
      'The interest rate the UK government pays to borrow for ten years, averaged over each quarter: a benchmark for ' +
      'fixed-rate mortgages and long-term investment returns.',
    category: 'interest-rates',
    source: 'boe',
    cadence: 'quarterly',
    unit: '% per year',
    publisher: 'Bank of England',
    licence: 'ODC-PDDL-1.0 (as packaged by the datasets project); Bank of England database terms',
    sourceUrl: 'https://www.bankofengland.co.uk/boeapps/database/',
    methodology:
      'Bank of England series IUQAMNPY: quarterly average of the 10-year nominal par yield on British government ' +
      'securities, from the Bank’s fitted yield curve. Dated on the last day of each quarter.',
    publicationLagDays: 7,
    file: 'uk-gilt-10y-yield-boe/quarterly.csv',
    format: csv('Date', 'Rate'),
    live: { publisher: 'boe', series: 'IUQAMNPY', from: '01/Jan/1984' },
  },
  {
    slug: 'uk-house-price-nationwide',
    title: 'UK average house price (Nationwide)',
    description:
      'The typical price of a UK home in pounds, quarter by quarter since the 1950s, from mortgage approvals at the ' +
      'Nationwide Building Society.',
    category: 'housing',
    source: 'nationwide',
    cadence: 'quarterly',
    unit: 'GBP',
    publisher: 'Nationwide Building Society',
    licence: PDDL,
    sourceUrl: 'https://www.nationwidehousepriceindex.co.uk/',
    methodology:
      'Nationwide house price index, all houses, expressed as an average price. Mix-adjusted from Nationwide’s own ' +
      'mortgage approvals, so it leaves out cash purchases. Quarters are dated 1 February, May, August and November.',
    publicationLagDays: 60,
    file: 'uk-house-prices-nationwide/data.csv',
    format: csv('Date', 'Price (All)'),
    live: null,
    noLiveSource:
      'Nationwide publishes its history only as a spreadsheet (XLS) on its website, with no CSV download or API.',
  },
  bis('GB', 'United Kingdom', 'uk-residential-property-prices'),
  bis('DE', 'Germany', 'de-residential-property-prices'),
  bis('FR', 'France', 'fr-residential-property-prices'),
  worldBankCpi('GBR', 'United Kingdom', 'uk-inflation-annual'),
  worldBankCpi('DEU', 'Germany', 'de-inflation-annual'),
  worldBankCpi('FRA', 'France', 'fr-inflation-annual'),
  {
    slug: 'gbp-per-usd',
    title: 'Pounds sterling per US dollar, monthly average',
    description: 'How many pounds one US dollar buys, averaged over each month: a rising line means a weaker pound.',
    category: 'fx',
    source: 'fred',
    cadence: 'monthly',
    unit: 'GBP per USD',
    publisher: 'Board of Governors of the Federal Reserve System, via FRED (Federal Reserve Bank of St. Louis)',
    licence: PDDL,
    sourceUrl: 'https://fred.stlouisfed.org/series/EXUSUK',
    methodology:
      'Federal Reserve H.10 noon buying rates in New York, monthly averages. FRED quotes this pair as US dollars per ' +
      'pound; the packaged copy, and so this series, gives its reciprocal (pounds per dollar). Dated on the first of the month.',
    publicationLagDays: 35,
    file: 'fx-rates-fred/monthly.csv',
    format: csv('Date', 'Exchange rate', { where: { column: 'Country', equals: 'United Kingdom' } }),
    live: { publisher: 'fred', series: 'EXUSUK', invert: true },
  },
  {
    slug: 'eur-per-usd',
    title: 'Euros per US dollar, monthly average',
    description: 'How many euros one US dollar buys, averaged over each month since the euro began in 1999.',
    category: 'fx',
    source: 'fred',
    cadence: 'monthly',
    unit: 'EUR per USD',
    publisher: 'Board of Governors of the Federal Reserve System, via FRED (Federal Reserve Bank of St. Louis)',
    licence: PDDL,
    sourceUrl: 'https://fred.stlouisfed.org/series/EXUSEU',
    methodology:
      'Federal Reserve H.10 rates, monthly averages, given as euros per dollar (the reciprocal of FRED’s dollars per ' +
      'euro). The German mark and French franc series in the same source stop in December 2001 and are not offered.',
    publicationLagDays: 35,
    file: 'fx-rates-fred/monthly.csv',
    format: csv('Date', 'Exchange rate', { where: { column: 'Country', equals: 'Euro' } }),
    live: { publisher: 'fred', series: 'EXUSEU', invert: true },
  },
  {
    slug: 'brent-crude-daily',
    title: 'Brent crude oil spot price, daily',
    description:
      'The price of a barrel of North Sea Brent crude in US dollars on each trading day: the global oil benchmark behind fuel costs.',
    category: 'energy',
    source: 'eia',
    cadence: 'daily',
    unit: 'USD per barrel',
    publisher: 'U.S. Energy Information Administration',
    licence: `${PDDL}; EIA data are US public domain, acknowledgement requested`,
    sourceUrl: 'https://www.eia.gov/dnav/pet/hist/RBRTED.htm',
    methodology:
      'EIA series RBRTE, Europe Brent spot price FOB, business days only (no values on weekends or holidays).',
    publicationLagDays: 7,
    file: 'oil-prices-eia/brent-daily.csv',
    format: csv('Date', 'Price'),
    live: { publisher: 'eia', series: 'PET.RBRTE.D', frequency: 'daily' },
  },
  {
    slug: 'brent-crude-weekly',
    title: 'Brent crude oil spot price, weekly average',
    description: 'Brent crude in US dollars a barrel, averaged over each week, which smooths the day-to-day swings.',
    category: 'energy',
    source: 'eia',
    cadence: 'weekly',
    unit: 'USD per barrel',
    publisher: 'U.S. Energy Information Administration',
    licence: `${PDDL}; EIA data are US public domain, acknowledgement requested`,
    sourceUrl: 'https://www.eia.gov/dnav/pet/hist/RBRTEW.htm',
    methodology: 'EIA weekly average of the Europe Brent spot price FOB, dated on the Friday that ends each week.',
    publicationLagDays: 7,
    file: 'oil-prices-eia/brent-weekly.csv',
    format: csv('Date', 'Price'),
    live: { publisher: 'eia', series: 'PET.RBRTE.W', frequency: 'weekly' },
  },
  {
    slug: 'wti-crude-monthly',
    title: 'WTI crude oil spot price, monthly average',
    description:
      'The US benchmark crude, West Texas Intermediate at Cushing, Oklahoma, in US dollars a barrel, averaged by month.',
    category: 'energy',
    source: 'eia',
    cadence: 'monthly',
    unit: 'USD per barrel',
    publisher: 'U.S. Energy Information Administration',
    licence: `${PDDL}; EIA data are US public domain, acknowledgement requested`,
    sourceUrl: 'https://www.eia.gov/dnav/pet/hist/RWTCM.htm',
    methodology: 'EIA series RWTC, Cushing OK WTI spot price FOB, monthly average, dated on the 15th of each month.',
    publicationLagDays: 25,
    file: 'oil-prices-eia/wti-monthly.csv',
    format: csv('Date', 'Price'),
    live: { publisher: 'eia', series: 'PET.RWTC.M', frequency: 'monthly' },
  },
  euribor('1w', 'one week', 'euribor-emmi/euribor-1w-weekly.csv'),
  euribor('1m', 'one month', 'euribor-emmi/euribor-1m-monthly.csv'),
  euribor('3m', 'three months', 'euribor-emmi/euribor-3m-monthly.csv'),
  euribor('6m', 'six months', 'euribor-emmi/euribor-6m-monthly.csv'),
  euribor('12m', 'twelve months', 'euribor-emmi/euribor-12m-monthly.csv'),
  destatis(
    'de-road-deaths',
    'Road deaths in Germany',
    'People killed in road traffic accidents in Germany each year, counting deaths within 30 days of the accident.',
    'persons',
    'de-road-accidents-destatis/injured_persons.csv',
    'died',
    { table: '46241-0002', measure: 'VER003' },
  ),
  destatis(
    'de-road-casualties',
    'People killed or injured in road accidents in Germany',
    'Every casualty of road traffic in Germany in a year: those killed, seriously injured and slightly injured together.',
    'persons',
    'de-road-accidents-destatis/injured_persons.csv',
    'Total',
    { table: '46241-0002', measure: 'VER001' },
  ),
  destatis(
    'de-road-accidents',
    'Road accidents recorded by the police in Germany',
    'All road accidents the German police recorded in a year, with damage to property only or with casualties.',
    'accidents',
    'de-road-accidents-destatis/accident_numbers.csv',
    'Total',
    { table: '46241-0001', measure: 'UNF001' },
  ),
  destatis(
    'de-registered-vehicles',
    'Registered motor vehicles in Germany',
    'The stock of motor vehicles registered in Germany, year by year: cars, lorries, motorcycles and others, the base that accident rates are measured against.',
    'vehicles',
    'de-road-accidents-destatis/reference_numbers.csv',
    'total registered vehicles',
    { table: '46251-0001', measure: 'BES001' },
    'The sharp fall around 2007 comes from a change of definition: temporarily deregistered vehicles stopped being counted.',
  ),
  worldBankGdp('GBR', 'United Kingdom', 'uk-gdp'),
  worldBankGdp('DEU', 'Germany', 'de-gdp'),
  worldBankGdp('FRA', 'France', 'fr-gdp'),
];

const bySlug = new Map(CATALOGUE.map((definition) => [definition.slug, definition]));

export const datasetBySlug = (slug: string): DatasetDefinition | undefined => bySlug.get(slug);

export const CATALOGUE_SLUGS: readonly string[] = CATALOGUE.map((definition) => definition.slug);
