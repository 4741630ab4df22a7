// The public datasets the service serves. The numbers come from the files under data/datasets (each folder's
// SOURCE.txt says where from); titles, descriptions and methodology notes here are our own words.
import { bis, destatis, euribor, worldBankCpi, worldBankGdp } from './catalogue-families.js';
import { MARKET_DATASETS } from './catalogue-markets.js';
import { UK_DATASETS } from './catalogue-uk.js';
import type { DatasetDefinition } from './types.js';

export const CATALOGUE: readonly DatasetDefinition[] = [
  ...UK_DATASETS,
  bis('GB', 'United Kingdom', 'uk-residential-property-prices'),
  bis('DE', 'Germany', 'de-residential-property-prices'),
  bis('FR', 'France', 'fr-residential-property-prices'),
  worldBankCpi('GBR', 'United Kingdom', 'uk-inflation-annual'),
  worldBankCpi('DEU', 'Germany', 'de-inflation-annual'),
  worldBankCpi('FRA', 'France', 'fr-inflation-annual'),
  ...MARKET_DATASETS,
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
