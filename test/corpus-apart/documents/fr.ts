// French paperwork: the Mémo véhicule assuré, an avenant on a change of vehicle, an avis d'échéance, a courtier's
// letter with its ORIAS number, an e-mail; travel attestations with the stay's dates, a visa attestation; mutuelle
// attestations (tiers payant, droits ouverts) with NIRs, Corsican ones included.
import {
  addDays,
  fr,
  frPassport,
  frPhone,
  frPlate,
  iban,
  nir,
  orias,
  Rng,
  siren,
  someDay,
  spacedNir,
  yearLater,
} from '../formats.js';
import type { Draft } from './draft.js';

const HOLDERS = [
  'M. Julien Marchetti',
  'Mme Camille Lefort',
  'Mme Sandrine Casanova',
  'M. Karim Benali',
  'Mme Élodie Rousseau',
  'M. Antoine Giraud',
];
const STREETS = [
  '12 rue des Tanneurs, 69002 Lyon',
  '4 allée des Platanes, 33000 Bordeaux',
  '27 boulevard Paoli, 20000 Ajaccio',
  '8 impasse du Moulin, 44000 Nantes',
  '15 avenue Jean Jaurès, 31000 Toulouse',
];
const CARS = [
  'Peugeot 208 1.2 PureTech',
  'Renault Clio V TCe 90',
  'Citroën C3 Aircross',
  'Dacia Sandero Stepway',
  'Toyota Yaris Cross Hybride',
  'Renault Mégane E-Tech',
];

export function frDocuments(rng: Rng): Draft[] {
  const out: Draft[] = [];
  const holder = () => rng.pick(HOLDERS);
  const address = () => rng.pick(STREETS);

  // 1. Mémo véhicule assuré: the plate beside the car with no label.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const plate = frPlate(rng);
    const policy = `${rng.digits(10)}`;
    out.push({
      id: 'fr-motor-memo-vehicule',
      country: 'FR',
      type: 'motor',
      language: 'fr',
      look: { family: 'sans', size: 9.5, margin: 50 },
      blocks: [
        {
          t: 'head',
          left: ['AXA', "313 Terrasses de l'Arche, 92727 Nanterre Cedex"],
          right: [`Service client ${frPhone(rng, 'national')}`],
        },
        { t: 'title', text: 'Mémo véhicule assuré' },
        {
          t: 'kv',
          rows: [
            ['Souscripteur', holder()],
            ['N° de contrat', policy],
            ['Véhicule assuré', `${rng.pick(CARS)}   ${plate}`],
            ['Période de validité', `du ${fr.slash(start)} au ${fr.slash(end)} inclus`],
          ],
        },
        {
          t: 'p',
          text: "Ce document atteste de l'assurance du véhicule désigné ci-dessus au titre de l'obligation d'assurance prévue à l'article L. 211-1 du Code des assurances. Il est à conserver dans le véhicule.",
        },
        {
          t: 'small',
          text: `AXA France IARD, SA au capital de 214 799 030 euros, ${siren(rng)} RCS Nanterre. Entreprise régie par le Code des assurances. Depuis l'étranger : ${frPhone(rng, 'international')}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'AXA France IARD',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 2. Avenant: ancien véhicule et nouveau véhicule.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const change = addDays(start, rng.int(30, 250));
    const oldPlate = frPlate(rng);
    const newPlate = frPlate(rng);
    const policy = `${rng.digits(8)}`;
    out.push({
      id: 'fr-motor-avenant-changement',
      country: 'FR',
      type: 'motor',
      language: 'fr',
      look: { family: 'condensed', size: 9.5, margin: 52 },
      blocks: [
        { t: 'head', left: ['MACIF', '2-4 rue du Pied de Fond, 79000 Niort'], right: [`Le ${fr.long(change)}`] },
        { t: 'title', text: `Avenant n° ${rng.int(2, 6)} à votre contrat Auto` },
        {
          t: 'kv',
          rows: [
            ['Sociétaire', holder()],
            ['N° de sociétaire', `${rng.digits(7)}`],
            ['Contrat n°', policy],
            ['Période en cours', `du ${fr.slash(start)} au ${fr.slash(end)}`],
            ["Date d'effet de l'avenant", fr.slash(change)],
          ],
        },
        {
          t: 'table',
          rows: [
            ['', 'Véhicule', 'Immatriculation'],
            ['Ancien véhicule', 'Renault Twingo II', oldPlate],
            ['Nouveau véhicule', rng.pick(CARS), newPlate],
          ],
        },
        {
          t: 'p',
          text: "Le nouveau véhicule est garanti aux mêmes conditions à compter de la date d'effet. L'ancien véhicule n'est plus assuré.",
        },
        {
          t: 'small',
          text: `MACIF, Mutuelle Assurance des Commerçants et Industriels de France, société d'assurance mutuelle à cotisations variables. Siège social : 2-4 rue du Pied de Fond, 79000 Niort. Tél. ${frPhone(rng, 'national')}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'MACIF',
        start_date: start,
        end_date: end,
        vehicle_registration: newPlate,
      },
    });
  }

  // 3. Avis d'échéance: the period in a sentence; a member number and an IBAN beside the contract number.
  {
    const start = someDay(rng, 2026, 2027);
    const end = yearLater(start);
    const plate = frPlate(rng);
    const policy = `${rng.digits(9)}`;
    out.push({
      id: 'fr-motor-avis-echeance',
      country: 'FR',
      type: 'motor',
      language: 'fr',
      look: { family: 'serif', size: 10.5, margin: 60 },
      blocks: [
        {
          t: 'head',
          left: ['MAIF', '200 avenue Salvador Allende, 79038 Niort Cedex 9'],
          right: [fr.long(addDays(start, -35))],
        },
        { t: 'p', text: `${holder()}\n${address()}` },
        { t: 'p', text: `Sociétaire n° ${rng.digits(7)} ${rng.letters(1)}` },
        { t: 'h', text: "Avis d'échéance - Contrat VAM" },
        {
          t: 'p',
          text: `Madame, Monsieur, votre contrat d'assurance automobile n° ${policy}, qui garantit votre véhicule immatriculé ${plate}, sera reconduit le ${fr.long(start)} pour la période du ${fr.long(start)} au ${fr.long(end)}.`,
        },
        {
          t: 'p',
          text: `La cotisation annuelle de 538,16 € sera prélevée sur le compte ${iban(rng, 'FR')} selon l'échéancier joint.`,
        },
        { t: 'p', text: `Pour toute question : ${frPhone(rng, 'national')} (appel non surtaxé).` },
        {
          t: 'small',
          text: "MAIF, Mutuelle d'assurance des instituteurs de France, société d'assurance mutuelle à cotisations variables, entreprise régie par le Code des assurances.",
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Mutuelle Assurance des Instituteurs de France',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 4. Courtier: ORIAS, RCS, telephone numbers, the insurer named as such.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const plate = frPlate(rng);
    const policy = `AUT${rng.digits(8)}`;
    const brokerOrias = orias(rng);
    out.push({
      id: 'fr-motor-courtier',
      country: 'FR',
      type: 'motor',
      language: 'fr',
      look: { family: 'dejavu', size: 9.5, margin: 56 },
      blocks: [
        {
          t: 'head',
          left: ['Cabinet Fabre Assurances', '9 place Bellecour, 69002 Lyon'],
          right: [`Tél. ${frPhone(rng, 'national')}`, frPhone(rng, 'international'), `ORIAS n° ${brokerOrias}`],
        },
        { t: 'p', text: `${holder()}\n${address()}` },
        { t: 'h', text: 'Attestation de souscription - assurance automobile' },
        {
          t: 'p',
          text: `Nous certifions que le véhicule ${rng.pick(CARS)}, immatriculation ${plate}, est assuré par notre intermédiaire auprès de Allianz IARD, contrat n° ${policy}, du ${fr.slash(start)} au ${fr.slash(end)}.`,
        },
        { t: 'p', text: 'La présente attestation est délivrée pour servir et valoir ce que de droit.' },
        {
          t: 'small',
          text: `Cabinet Fabre Assurances, SARL de courtage d'assurance au capital de 20 000 €, RCS Lyon ${siren(rng)}, immatriculée à l'ORIAS sous le n° ${brokerOrias} (www.orias.fr). Garantie financière et assurance de responsabilité civile professionnelle conformes au Code des assurances.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Allianz IARD',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 5. E-mail from a bank's insurance brand: the bank is not the insurer.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const sent = addDays(start, -rng.int(1, 10));
    const plate = frPlate(rng);
    const policy = `${rng.digits(11)}`;
    out.push({
      id: 'fr-motor-email-banque',
      country: 'FR',
      type: 'motor',
      language: 'fr',
      look: {
        family: 'sans',
        size: 10,
        margin: 46,
        printHeader: [`${fr.slash(sent)} 12:40`, 'Votre assurance auto - Crédit Agricole'],
        printFooter: ['https://webmail.example.fr/message/77120', '{page}'],
      },
      blocks: [
        {
          t: 'mono',
          lines: [
            'De : Crédit Agricole Assurances <ne-pas-repondre@example-ca.fr>',
            `Envoyé : ${fr.withDay(sent)} 11:02`,
            'Objet : Confirmation de votre contrat Auto',
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Bonjour,' },
        {
          t: 'p',
          text: `Votre contrat d'assurance auto n° ${policy} pour le véhicule ${plate} prend effet le ${fr.long(start)}. Il est conclu pour un an, jusqu'au ${fr.long(end)}, puis se renouvelle automatiquement.`,
        },
        {
          t: 'p',
          text: `Votre conseiller de la Caisse régionale reste à votre écoute au ${frPhone(rng, 'national')}.`,
        },
        {
          t: 'small',
          text: `Les contrats d'assurance automobile sont assurés par Pacifica, filiale d'assurances dommages de Crédit Agricole Assurances, entreprise régie par le Code des assurances, ${siren(rng)} RCS Paris. Distribués par votre Caisse régionale de Crédit Agricole, immatriculée à l'ORIAS sous le n° ${orias(rng)}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Pacifica',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 6. Attestation d'assurance voyage: dates du séjour, date de souscription, the agency's dossier number.
  {
    const bought = someDay(rng, 2026, 2026);
    const depart = addDays(bought, rng.int(20, 150));
    const back = addDays(depart, rng.int(6, 21));
    const policy = `${rng.digits(9)}`;
    out.push({
      id: 'fr-travel-attestation-sejour',
      country: 'FR',
      type: 'travel',
      language: 'fr',
      look: { family: 'sans', size: 9.5, margin: 48 },
      blocks: [
        { t: 'head', left: ['Allianz Travel', "Attestation d'assurance"], right: [`Émise le ${fr.slash(bought)}`] },
        {
          t: 'kv',
          rows: [
            ['N° de contrat', policy],
            ['Dossier agence', `${rng.int(2600, 2699)}-${rng.digits(5)}`],
            ['Assuré(s)', `${holder()}, Léa Marchetti`],
            ['N° de passeport', frPassport(rng)],
            ['Date de souscription', fr.slash(bought)],
            ['Dates du séjour', `du ${fr.slash(depart)} au ${fr.slash(back)}`],
            ['Destination', 'Thaïlande'],
          ],
        },
        {
          t: 'p',
          text: "La garantie annulation prend effet le jour de la souscription. Les autres garanties s'appliquent pendant la durée du séjour.",
        },
        { t: 'p', text: `Assistance 24h/24 : ${frPhone(rng, 'international')}` },
        {
          t: 'small',
          text: 'Allianz Travel est une marque commerciale de AWP P&C, SA au capital de 17 287 285 euros, 519 490 080 RCS Bobigny, entreprise régie par le Code des assurances.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'AWP P&C',
        start_date: depart,
        end_date: back,
        vehicle_registration: null,
      },
    });
  }

  // 7. Annual travel cover: the insurer and an assistance partner that is an insurer too.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const policy = `FRV${rng.digits(8)}`;
    out.push({
      id: 'fr-travel-annuel-partenaire',
      country: 'FR',
      type: 'travel',
      language: 'fr',
      look: { family: 'serif', size: 10, margin: 58 },
      blocks: [
        { t: 'head', left: ['Globe Sérénité', 'Assurance voyage annuelle'], right: [frPhone(rng, 'national')] },
        { t: 'title', text: "Certificat d'adhésion" },
        {
          t: 'kv',
          rows: [
            ['Adhérent', holder()],
            ["N° d'adhésion", policy],
            ['Période de garantie', `du ${fr.long(start)} au ${fr.long(end)}`],
            ['Zone', 'Monde entier'],
          ],
        },
        {
          t: 'p',
          text: "Les prestations d'assistance sont mises en œuvre par Europ Assistance, 2 rue Pillet-Will, 75009 Paris.",
        },
        {
          t: 'small',
          text: `Globe Sérénité est un contrat d'assurance collective souscrit par Voyageurs Associés SAS (ORIAS ${orias(rng)}) auprès de Chubb European Group SE, entreprise régie par le Code des assurances, qui en est l'assureur.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Chubb European Group SE',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  // 8. E-mail: the trip in a sentence, a booking number.
  {
    const sent = someDay(rng, 2026, 2026);
    const depart = addDays(sent, rng.int(10, 90));
    const back = addDays(depart, rng.int(5, 15));
    const policy = `MT${rng.digits(9)}`;
    out.push({
      id: 'fr-travel-email-phrase',
      country: 'FR',
      type: 'travel',
      language: 'fr',
      look: {
        family: 'dejavu',
        size: 9.5,
        margin: 46,
        printHeader: [`${fr.slash(sent)} 22:10`, 'Confirmation de votre assurance voyage'],
        printFooter: ['https://mail.example.fr/read/55102', '{page}'],
      },
      blocks: [
        {
          t: 'mono',
          lines: [
            'De : Voyages Hirondelle <reservations@example-hirondelle.fr>',
            `Date : ${fr.withDay(sent)} 21:47`,
            'Objet : Votre réservation et votre assurance',
          ],
        },
        { t: 'rule' },
        { t: 'p', text: `Bonjour ${holder()},` },
        {
          t: 'p',
          text: `Votre réservation n° ${rng.digits(8)} est confirmée. Vous avez choisi l'assurance multirisque : vous êtes couvert pour votre voyage du ${fr.slash(depart)} au ${fr.slash(back)}, sous le numéro de contrat ${policy}.`,
        },
        { t: 'p', text: `En cas de besoin, contactez l'assistance au ${frPhone(rng, 'international')}.` },
        {
          t: 'small',
          text: `Contrat assuré par Mutuaide Assistance, SA au capital de 12 558 240 €, ${siren(rng)} RCS Créteil, entreprise régie par le Code des assurances. Voyages Hirondelle, immatriculation Atout France IM0${rng.digits(8)}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Mutuaide Assistance',
        start_date: depart,
        end_date: back,
        vehicle_registration: null,
      },
    });
  }

  // 9. Attestation for a Schengen visa application.
  {
    const depart = someDay(rng, 2026, 2026);
    const back = addDays(depart, rng.int(14, 60));
    const policy = `${rng.digits(4)}${rng.digits(6)}`;
    out.push({
      id: 'fr-travel-visa-schengen',
      country: 'FR',
      type: 'travel',
      language: 'fr',
      look: { family: 'condensed', size: 9.5, margin: 54 },
      blocks: [
        {
          t: 'head',
          left: ['AXA Assistance', '6 rue André Gide, 92320 Châtillon'],
          right: [`Tél. ${frPhone(rng, 'national')}`],
        },
        { t: 'title', text: "Attestation d'assurance voyage - demande de visa Schengen" },
        {
          t: 'kv',
          rows: [
            ['Bénéficiaire', 'Mme Nguyen Thi Lan'],
            ['Passeport n°', `C${rng.digits(7)}`],
            ['Contrat n°', policy],
            ['Validité', `du ${fr.slash(depart)} au ${fr.slash(back)}`],
            ['Frais médicaux', '30 000 € par personne'],
          ],
        },
        {
          t: 'p',
          text: "Le présent contrat couvre les frais médicaux et de rapatriement sur l'ensemble du territoire des États Schengen.",
        },
        {
          t: 'small',
          text: 'Assureur : AXA Assistance France Assurances, SA au capital de 36 950 000 €, 451 392 724 RCS Nanterre, entreprise régie par le Code des assurances.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'AXA Assistance France Assurances',
        start_date: depart,
        end_date: back,
        vehicle_registration: null,
      },
    });
  }

  // 10. Carte de tiers payant / attestation de droits: member number, AMC number, beneficiaries' NIRs.
  {
    const y = rng.int(2026, 2027);
    const start = { y, m: 1, d: 1 };
    const end = { y, m: 12, d: 31 };
    const policy = `${rng.digits(9)}`;
    out.push({
      id: 'fr-health-tiers-payant',
      country: 'FR',
      type: 'health',
      language: 'fr',
      look: { family: 'sans', size: 9.5, margin: 50 },
      blocks: [
        { t: 'head', left: ['Harmonie Mutuelle', 'Attestation de tiers payant'], right: [`N° AMC ${rng.digits(8)}`] },
        {
          t: 'kv',
          rows: [
            ['Organisme complémentaire', 'Harmonie Mutuelle'],
            ['N° adhérent', policy],
            ['Adhérent', holder()],
            ['Droits ouverts', `du ${fr.slash(start)} au ${fr.slash(end)}`],
          ],
        },
        {
          t: 'table',
          rows: [
            ['Bénéficiaire', 'N° de sécurité sociale', 'Rang'],
            ['Camille Lefort', spacedNir(nir(rng)), '1'],
            ['Hugo Lefort', spacedNir(nir(rng, '2B')), '2'],
          ],
        },
        {
          t: 'p',
          text: 'Tiers payant : PHAR, LABO, RADL, AUXM, HOSP, OPTI, DENT. Présentez cette attestation avec votre carte Vitale.',
        },
        {
          t: 'small',
          text: `Harmonie Mutuelle, mutuelle soumise aux dispositions du livre II du Code de la mutualité, SIREN ${siren(rng)}. Service adhérents ${frPhone(rng, 'national')}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Harmonie Mutuelle',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  // 11. Attestation de droits identified by a Corsican NIR alone, "valable jusqu'au".
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const number = nir(rng, '2A');
    out.push({
      id: 'fr-health-attestation-nir-corse',
      country: 'FR',
      type: 'health',
      language: 'fr',
      look: { family: 'serif', size: 10, margin: 58 },
      blocks: [
        { t: 'head', left: ['MGEN', 'Section de Corse-du-Sud, Ajaccio'], right: [`Le ${fr.long(start)}`] },
        { t: 'title', text: 'Attestation de droits - complémentaire santé' },
        {
          t: 'p',
          text: `Nous attestons que Mme Sandrine Casanova, née le ${fr.slash(someDay(rng, 1965, 1995))} à Ajaccio, immatriculée sous le n° ${spacedNir(number)}, bénéficie de la couverture complémentaire santé MGEN à compter du ${fr.slash(start)}.`,
        },
        { t: 'p', text: `La présente attestation est valable jusqu'au ${fr.slash(end)}.` },
        { t: 'p', text: `Contact : ${frPhone(rng, 'national')}` },
        {
          t: 'small',
          text: "MGEN, Mutuelle générale de l'Éducation nationale, mutuelle soumise aux dispositions du livre II du Code de la mutualité, immatriculée sous le numéro SIREN 775 685 399.",
        },
      ],
      truth: {
        policy_number: number,
        underwriter: "Mutuelle Générale de l'Education Nationale",
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  // 12. E-mail from an online health insurer: start in one sentence, end in another.
  {
    const start = { y: rng.int(2026, 2027), m: rng.int(1, 12), d: 1 };
    const end = yearLater(start);
    const sent = addDays(start, -rng.int(3, 20));
    const policy = `ALN${rng.digits(7)}`;
    out.push({
      id: 'fr-health-email-adhesion',
      country: 'FR',
      type: 'health',
      language: 'fr',
      look: {
        family: 'sans',
        size: 10,
        margin: 46,
        printHeader: [`${fr.slash(sent)} 10:05`, 'Bienvenue chez Alan'],
        printFooter: ['https://mail.example.fr/read/90311', '{page}'],
      },
      blocks: [
        {
          t: 'mono',
          lines: [
            'De : Alan <bonjour@example-alan.eu>',
            `Envoyé : ${fr.withDay(sent)} 09:51`,
            'Objet : Votre complémentaire santé est active',
          ],
        },
        { t: 'rule' },
        { t: 'p', text: `Bonjour ${holder()},` },
        {
          t: 'p',
          text: `Bienvenue ! Votre contrat de complémentaire santé ${policy} prend effet le ${fr.long(start)}.`,
        },
        {
          t: 'p',
          text: `Il court pour une première période d'un an, jusqu'au ${fr.long(end)}, et se renouvelle ensuite chaque année. Votre carte de tiers payant est disponible dans l'application.`,
        },
        {
          t: 'small',
          text: `Alan SA, entreprise d'assurance régie par le Code des assurances, ${siren(rng)} RCS Paris. Besoin d'aide ? ${frPhone(rng, 'national')}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Alan',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  // 13. Échéance of a mutuelle: the period in a sentence, a member's NIR from Haute-Corse on the page.
  {
    const y = rng.int(2026, 2027);
    const start = { y, m: 1, d: 1 };
    const end = { y, m: 12, d: 31 };
    const policy = `${rng.digits(8)}`;
    out.push({
      id: 'fr-health-echeance-prose',
      country: 'FR',
      type: 'health',
      language: 'fr',
      look: { family: 'condensed', size: 9.5, margin: 60 },
      blocks: [
        {
          t: 'head',
          left: ['La Mutuelle Générale', '1-11 rue Brillat-Savarin, 75013 Paris'],
          right: [fr.long({ y: y - 1, m: 11, d: rng.int(2, 25) })],
        },
        { t: 'p', text: `${holder()}\n${address()}` },
        {
          t: 'kv',
          rows: [
            ["N° d'adhérent", policy],
            ['N° de sécurité sociale', spacedNir(nir(rng, '2B'))],
          ],
        },
        { t: 'h', text: 'Votre complémentaire santé en ' + y },
        {
          t: 'p',
          text: `Nous avons le plaisir de vous informer que vos garanties sont reconduites : votre couverture court du ${fr.long(start)} au ${fr.long(end)}. Votre cotisation mensuelle s'élève à 71,40 €.`,
        },
        {
          t: 'p',
          text: `Prélèvement sur le compte ${iban(rng, 'FR')}. Nous joindre : ${frPhone(rng, 'national')} ou ${frPhone(rng, 'international')} depuis l'étranger.`,
        },
        {
          t: 'small',
          text: 'La Mutuelle Générale, mutuelle régie par le livre II du Code de la mutualité, SIREN 775 685 340.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'La Mutuelle Générale',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  return out;
}
