// The catalogue's datasets from UK publishers (ONS, Bank of England, Nationwide), in the catalogue's order.
import type { DatasetDefinition } from './types.js';
import { OGL, PDDL, csv, ons, onsLive, rpiComponentNoLive, rpiFile, rpiMethod } from './catalogue-families.js';

export const UK_DATASETS: readonly DatasetDefinition[] = [
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
];
