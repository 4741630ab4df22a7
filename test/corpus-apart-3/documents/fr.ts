// France: a carte verte, the mémo véhicule assuré, an avis d'échéance, a bank insurer's conditions
// particulières, a broker's avenant and an e-mail; travel certificates from an agency, a bank card, a visa and a
// ski resort; mutuelle cards and attestations de droits with NIRs (Corsica included), a company scheme's
// certificate and an échéance letter.
import {
  fr,
  frPassport,
  frPhone,
  frPlate,
  iban,
  nir,
  orias,
  pnr,
  Rng,
  siren,
  spacedNir,
  vin,
} from '../../corpus-apart/formats.js';
import { day, eur, fr2, type Paper } from './paper.js';

export function frPapers(rng: Rng): Paper[] {
  return [...motor(rng), ...travel(rng), ...health(rng)];
}

function motor(rng: Rng): Paper[] {
  const out: Paper[] = [];

  {
    // The international card, with its numbered boxes in French and English.
    const plate = frPlate(rng);
    const policy = `MF${rng.digits(9)}`;
    const start = day(2026, 4, 1);
    const end = day(2027, 3, 31);
    out.push({
      id: 'fr-motor-carte-verte',
      country: 'FR',
      type: 'motor',
      kind: 'carte verte (international motor insurance card)',
      insurer: { ref: '775709702', printed: 'MAIF' },
      policy,
      start,
      end,
      plate,
      look: { family: 'dejavu', size: 9.5, margin: 48 },
      blocks: [
        { t: 'head', left: ['MAIF', 'Assureur militant'], right: [`Niort, le ${fr.long(day(2026, 3, 18))}`] },
        { t: 'title', text: "CARTE INTERNATIONALE D'ASSURANCE AUTOMOBILE / INTERNATIONAL MOTOR INSURANCE CARD" },
        {
          t: 'kv',
          labelWidth: 240,
          rows: [
            [
              '1. Valable du / Valid from',
              `${fr.slash(start)}  au / to  ${fr.slash(end)}  (dates incluses / both dates inclusive)`,
            ],
            ['2. Code pays / assureur / N°', `F / ${rng.int(100, 999)} / ${policy}`],
            ["3. N° d'immatriculation / Registration No.", plate],
            ['4. Catégorie du véhicule / Category', 'A – voiture de tourisme'],
            ['5. Marque / Make', 'Peugeot 3008'],
            [
              '6. Validité territoriale / Territorial validity',
              'A B BG CH CY CZ D DK E EST F FIN GB GR H HR I IRL IS L LT LV M N NL P PL RO S SK SLO AL AND BIH MA MK MNE SRB TN',
            ],
            ['7. Nom et adresse du souscripteur / Policyholder', 'M. Olivier Castellani, 12 rue Fesch, 20000 Ajaccio'],
            [
              '8. Délivrée par / Issued by',
              'MAIF – Mutuelle Assurance des Instituteurs de France, 79038 Niort cedex 9',
            ],
          ],
        },
        {
          t: 'small',
          text: `Assistance 24h/24 : ${frPhone(rng, 'international')}. Société d'assurance mutuelle à cotisations variables, entreprise régie par le Code des assurances.`,
        },
      ],
    });
  }

  {
    // The mémo véhicule assuré that replaced the windscreen sticker: a short summary with the plate first.
    const plate = frPlate(rng);
    const policy = `${rng.digits(10)}`;
    const start = day(2026, 1, 15);
    const end = day(2027, 1, 14);
    out.push({
      id: 'fr-motor-memo-vehicule-assure',
      country: 'FR',
      type: 'motor',
      kind: 'mémo véhicule assuré',
      insurer: { ref: '781452511', printed: 'Macif' },
      policy,
      start,
      end,
      plate,
      look: { family: 'sans', size: 10, margin: 56 },
      blocks: [
        { t: 'head', left: ['Macif', 'Assurance auto'], right: [`Édité le ${fr.slash(day(2026, 1, 10))}`] },
        { t: 'title', text: 'Mémo Véhicule Assuré' },
        {
          t: 'kv',
          rows: [
            ['Immatriculation', plate],
            ['Véhicule', 'Renault Clio V TCe 90'],
            ['N° de contrat', policy],
            ['Assuré', 'Mme Nadia Belkacem'],
            ['Période de garantie', `du ${fr.slash(start)} au ${fr.slash(end)}`],
          ],
        },
        {
          t: 'p',
          text: "Depuis le 1er avril 2024, ce mémo remplace la carte verte et le certificat d'assurance. Les forces de l'ordre vérifient l'assurance de votre véhicule dans le Fichier des Véhicules Assurés.",
        },
        {
          t: 'small',
          text: `MACIF – Mutuelle Assurance des Commerçants et Industriels de France et des cadres et salariés de l'industrie et du commerce, société d'assurance mutuelle à cotisations variables. SIREN ${siren(rng)}. Assistance : ${frPhone(rng, 'national')}.`,
        },
      ],
    });
  }

  {
    // The yearly notice: the period to come only in a sentence, the direct debit's IBAN beside it.
    const plate = frPlate(rng);
    const policy = `${rng.digits(3)} ${rng.digits(4)} ${rng.digits(3)}`;
    const start = day(2027, 1, 1);
    const end = day(2027, 12, 31);
    out.push({
      id: 'fr-motor-avis-echeance',
      country: 'FR',
      type: 'motor',
      kind: "avis d'échéance (renewal notice)",
      insurer: { ref: '542073580', printed: 'MAAF Assurances SA' },
      policy,
      start,
      end,
      plate,
      look: { family: 'serif', size: 10.5, margin: 58 },
      blocks: [
        {
          t: 'head',
          left: ['MAAF', 'Chaban de Chauray, 79036 Niort cedex 9'],
          right: [`Niort, le ${fr.long(day(2026, 11, 16))}`],
        },
        { t: 'p', text: 'Monsieur Bertrand Lacoste\n7 impasse des Vignes\n33370 Artigues-près-Bordeaux' },
        { t: 'h', text: `Avis d'échéance – contrat auto n° ${policy}` },
        {
          t: 'p',
          text: `Monsieur,\nvotre contrat sera reconduit le ${fr.long(start)} et courra jusqu'au ${fr.long(end)}. Il garantit votre véhicule Citroën C4 immatriculé ${plate} en formule Tous Risques.`,
        },
        {
          t: 'table',
          rows: [
            ['Garanties', 'Cotisation annuelle TTC'],
            ['Responsabilité civile', eur(298.4)],
            ['Dommages tous accidents', eur(341.75)],
            ['Bris de glace, vol, incendie', eur(96.2)],
            ['Total', eur(736.35)],
          ],
        },
        {
          t: 'p',
          text: `La cotisation sera prélevée en 12 mensualités sur le compte ${iban(rng, 'FR')}. Pour toute question : ${frPhone(rng, 'national')}.`,
        },
        {
          t: 'small',
          text: `MAAF Assurances SA, entreprise régie par le Code des assurances. RCS Niort ${siren(rng)}.`,
        },
      ],
    });
  }

  {
    // A bank insurer's conditions particulières over two pages: SIREN, ORIAS of the bank, IBAN.
    const plate = frPlate(rng);
    const policy = `${rng.digits(11)}`;
    const start = day(2026, 3, 1);
    const end = day(2027, 2, 28);
    out.push({
      id: 'fr-motor-conditions-particulieres-banque',
      country: 'FR',
      type: 'motor',
      kind: 'conditions particulières, bank-branded (multi-page)',
      insurer: { ref: '352358865', printed: 'Pacifica' },
      policy,
      start,
      end,
      plate,
      look: {
        family: 'condensed',
        size: 9.5,
        margin: 46,
        printFooter: ['Conditions particulières – Assurance automobile', 'Page {page}'],
      },
      blocks: [
        {
          t: 'head',
          left: ['Crédit Agricole Assurances', 'Assurance automobile'],
          right: [`Fait le ${fr.slash(day(2026, 2, 20))}`],
        },
        { t: 'title', text: 'Conditions particulières' },
        {
          t: 'kv',
          rows: [
            ['Numéro de contrat', policy],
            ['Souscripteur', 'Mme Élodie Marchetti'],
            ["Date d'effet", fr.slash(start)],
            ['Période en cours', `du ${fr.slash(start)} au ${fr.slash(end)}`],
            ['Échéance principale', '1er mars'],
            ['Formule', 'Tous risques, 0 km assistance'],
          ],
        },
        { t: 'h', text: 'Véhicule assuré' },
        {
          t: 'table',
          rows: [
            ['Immatriculation', 'Marque / modèle', 'Mise en circulation', 'VIN'],
            [plate, 'Toyota Yaris Cross Hybride', fr.slash(day(2023, 5, 11)), vin(rng, 'VNK')],
          ],
        },
        { t: 'page' },
        { t: 'h', text: 'Cotisation et paiement' },
        {
          t: 'p',
          text: `Cotisation annuelle ${eur(684.12)}, payable mensuellement par prélèvement sur le compte ${iban(rng, 'FR')} (Caisse régionale Sud Méditerranée).`,
        },
        { t: 'h', text: 'Conducteurs désignés' },
        {
          t: 'table',
          rows: [
            ['Nom', 'Date de naissance', 'Permis'],
            ['Élodie Marchetti', '08/02/1987', 'B depuis 2006'],
            ['Luca Marchetti', '21/10/1985', 'B depuis 2004'],
          ],
        },
        {
          t: 'small',
          text: `Contrat assuré par Pacifica, filiale d'assurances dommages de Crédit Agricole Assurances, SA au capital social entièrement libéré, ${siren(rng)} RCS Paris. Distribué par votre Caisse régionale, intermédiaire immatriculé à l'ORIAS sous le n° ${orias(rng)}.`,
        },
      ],
    });
  }

  {
    // A broker's avenant after a change of car, the insurer and the assistance company both named.
    const old = frPlate(rng);
    const plate = frPlate(rng);
    const policy = `WK${rng.digits(9)}`;
    const start = day(2025, 9, 1);
    const end = day(2026, 8, 31);
    out.push({
      id: 'fr-motor-avenant-courtier',
      country: 'FR',
      type: 'motor',
      kind: 'avenant (change of vehicle) from a broker',
      insurer: { ref: '562117085', printed: 'Wakam' },
      policy,
      start,
      end,
      plate,
      look: { family: 'sans', size: 9.5, margin: 50 },
      blocks: [
        {
          t: 'head',
          left: ['Cabinet Ferrand Courtage', '18 cours Lafayette, 69003 Lyon', `Tél. ${frPhone(rng, 'national')}`],
          right: [`Lyon, le ${fr2.abbr(day(2026, 2, 2))}`],
        },
        { t: 'title', text: 'Avenant n° 2 – changement de véhicule' },
        {
          t: 'kv',
          rows: [
            ['Contrat', policy],
            ['Assuré', 'M. Yannick Le Goff'],
            ["Prise d'effet de l'avenant", fr2.abbr(day(2026, 2, 1))],
            ['Période de garantie du contrat', `${fr2.abbr(start)} – ${fr2.abbr(end)}`],
          ],
        },
        {
          t: 'table',
          rows: [
            ['', 'Immatriculation', 'Véhicule'],
            ['Ancien véhicule (retiré)', old, 'Volkswagen Polo 1.0 TSI'],
            ['Nouveau véhicule (assuré)', plate, 'MG4 Electric Standard'],
          ],
        },
        {
          t: 'p',
          text: `Les autres dispositions du contrat restent inchangées. Régularisation de cotisation : ${eur(54.3)}.`,
        },
        {
          t: 'small',
          text: `Contrat assuré par Wakam, SA au capital de 4 658 992 €, ${siren(rng)} RCS Paris. Assistance mise en œuvre par Mutuaide Assistance. Cabinet Ferrand Courtage, SARL, courtier en assurances immatriculé à l'ORIAS sous le n° ${orias(rng)} (www.orias.fr).`,
        },
      ],
    });
  }

  {
    const plate = frPlate(rng);
    const policy = `${rng.digits(9)}`;
    const sent = day(2026, 9, 29);
    const start = day(2026, 10, 1);
    const end = day(2027, 9, 30);
    out.push({
      id: 'fr-motor-email-attestation',
      country: 'FR',
      type: 'motor',
      kind: 'e-mail confirmation',
      insurer: { ref: '775701477', printed: 'Matmut' },
      policy,
      start,
      end,
      plate,
      look: {
        family: 'dejavu',
        size: 9.5,
        margin: 42,
        printHeader: [`${fr.slash(sent)} 17:31`, 'Messagerie – Votre attestation d’assurance'],
        printFooter: ['https://webmail.example.fr/', '{page}'],
      },
      blocks: [
        {
          t: 'kv',
          labelWidth: 60,
          rows: [
            ['De :', 'Matmut <ne-pas-repondre@matmut.example>'],
            ['Envoyé :', `${fr.withDay(sent)} 17:29`],
            ['À :', 'c.roussel@example.fr'],
            ['Objet :', 'Votre attestation d’assurance auto'],
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Bonjour Madame Roussel,' },
        {
          t: 'p',
          text: `Votre véhicule ${plate} est assuré à compter du ${fr.long(start)}. Vous trouverez ci-joint votre attestation d'assurance et vos conditions particulières.`,
        },
        {
          t: 'kv',
          rows: [
            ['N° de sociétaire', `${rng.digits(8)}`],
            ['N° de contrat', policy],
            ['Début de garantie', fr.long(start)],
            ['Fin de garantie', fr.long(end)],
          ],
        },
        { t: 'p', text: `Une question ? ${frPhone(rng, 'national')} du lundi au samedi.` },
        {
          t: 'small',
          text: 'Matmut – Mutuelle Assurance des Travailleurs Mutualistes, société d’assurance mutuelle à cotisations variables, 66 rue de Sotteville, 76100 Rouen.',
        },
      ],
    });
  }

  {
    // A motorcyclists' mutual's attestation in two columns: the member on the left, the bike and plate on the right.
    const plate = frPlate(rng);
    const policy = `${rng.digits(8)}`;
    const start = day(2026, 4, 15);
    const end = day(2027, 4, 14);
    out.push({
      id: 'fr-motor-attestation-moto',
      country: 'FR',
      type: 'motor',
      kind: "attestation d'assurance (motorcycle, two columns)",
      insurer: { ref: '328538335', printed: 'Assurance Mutuelle des Motards' },
      policy,
      start,
      end,
      plate,
      look: { family: 'condensed', size: 10, margin: 52 },
      blocks: [
        {
          t: 'head',
          left: ['Mutuelle des Motards', "Attestation d'assurance"],
          right: [`Pérols, le ${fr.long(day(2026, 4, 9))}`],
        },
        {
          t: 'table',
          rows: [
            ['Sociétaire', 'Véhicule assuré'],
            ['M. Damien Ferracci\n11 avenue Napoléon III\n20600 Bastia', `Yamaha MT-07 (689 cm³)\n${plate}`],
          ],
        },
        {
          t: 'kv',
          rows: [
            ['N° de contrat', policy],
            ['Période de validité', `du ${fr.long(start)} au ${fr.long(end)}`],
            ['Garanties', 'Responsabilité civile, vol-incendie, équipement du pilote'],
          ],
        },
        {
          t: 'p',
          text: 'La présente attestation ne vaut que pour la période indiquée, sous réserve du paiement des cotisations. Elle ne constitue pas une présomption de garantie au-delà de cette période.',
        },
        {
          t: 'small',
          text: `Assurance Mutuelle des Motards, société d'assurance mutuelle à cotisations variables, entreprise régie par le Code des assurances, SIREN ${siren(rng)}. Assistance 24h/24 : ${frPhone(rng, 'international')}.`,
        },
      ],
    });
  }
  return out;
}

function travel(rng: Rng): Paper[] {
  const out: Paper[] = [];

  {
    // Sold by a travel agency: subscription date and the trip's departure and return.
    const policy = `EA${rng.digits(8)}`;
    const bought = day(2026, 5, 2);
    const start = day(2026, 8, 14);
    const end = day(2026, 8, 28);
    out.push({
      id: 'fr-travel-certificat-agence',
      country: 'FR',
      type: 'travel',
      kind: 'travel agency certificate',
      insurer: { ref: '451366405', printed: 'Europ Assistance' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'sans', size: 9.5, margin: 46 },
      blocks: [
        {
          t: 'head',
          left: ['Voyages Alizés', '4 place Bellecour, 69002 Lyon'],
          right: [`Dossier ${rng.digits(7)}`, `Souscrit le ${fr.slash(bought)}`],
        },
        { t: 'title', text: "Certificat d'assurance voyage – Multirisque" },
        {
          t: 'kv',
          rows: [
            ['N° de certificat', policy],
            ['Assurés', 'M. et Mme Girard, 2 enfants'],
            ['Destination', 'Canada (Québec)'],
            ['Départ', fr.withDay(start)],
            ['Retour', fr.withDay(end)],
            ['Prix du voyage', eur(6840)],
          ],
        },
        {
          t: 'p',
          text: `Les garanties d'assistance s'appliquent du jour du départ au jour du retour ; la garantie annulation prend effet dès la souscription. En cas d'urgence appelez le ${frPhone(rng, 'international')}, 24h/24.`,
        },
        {
          t: 'small',
          text: `Garanties assurées par Europ Assistance, SA au capital de 48 123 300 €, ${siren(rng)} RCS Nanterre, entreprise régie par le Code des assurances. Voyages Alizés, immatriculation Atout France IM069${rng.digits(6)}, mandataire d'intermédiaire ORIAS ${orias(rng)}.`,
        },
      ],
    });
  }

  {
    // The certificate a premium bank card's insurer issues for one trip.
    const policy = `${rng.digits(8)}`;
    const start = day(2026, 12, 19);
    const end = day(2027, 1, 3);
    out.push({
      id: 'fr-travel-carte-bancaire',
      country: 'FR',
      type: 'travel',
      kind: 'bank card travel certificate',
      insurer: { ref: '450327374', printed: 'Chubb European Group SE' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'serif', size: 10, margin: 54 },
      blocks: [
        {
          t: 'head',
          left: ['Carte Platinum', 'Service assurances'],
          right: [`Paris, le ${fr.long(day(2026, 11, 30))}`],
        },
        { t: 'title', text: "Attestation d'assurance voyage" },
        {
          t: 'p',
          text: `Nous attestons que Madame Inès Haddad, titulaire de la carte n° 4974 XXXX XXXX ${rng.digits(4)}, bénéficie des garanties d'assurance et d'assistance voyage liées à sa carte pour son séjour au Japon du ${fr.long(start)} au ${fr.long(end)}.`,
        },
        {
          t: 'kv',
          rows: [
            ["N° d'attestation", policy],
            ['Frais médicaux à l’étranger', "jusqu'à 155 000 €"],
            ['Rapatriement', 'frais réels'],
            ['Passeport', frPassport(rng)],
          ],
        },
        {
          t: 'small',
          text: `Contrat d'assurance souscrit par la banque auprès de Chubb European Group SE, entreprise régie par le Code des assurances, ${siren(rng)} RCS Nanterre. Assistance : ${frPhone(rng, 'international')}.`,
        },
      ],
    });
  }

  {
    // An annual policy bought online, confirmed by e-mail under the brand, with the underwriter below.
    const policy = `AWP${rng.digits(9)}`;
    const sent = day(2026, 1, 27);
    const start = day(2026, 2, 1);
    const end = day(2027, 1, 31);
    out.push({
      id: 'fr-travel-email-annuel',
      country: 'FR',
      type: 'travel',
      kind: 'e-mail confirmation (annual)',
      insurer: { ref: '519490080', printed: 'AWP P&C' },
      policy,
      start,
      end,
      plate: null,
      look: {
        family: 'sans',
        size: 9.5,
        margin: 40,
        printHeader: [`${fr2.dash(sent)} 12:05`, 'Allianz Travel – confirmation'],
      },
      blocks: [
        {
          t: 'kv',
          labelWidth: 60,
          rows: [
            ['De :', 'Allianz Travel <contrats@allianz-travel.example>'],
            ['Date :', `${fr.withDay(sent)} à 12:04`],
            ['Objet :', `Confirmation de votre contrat ${policy}`],
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Bonjour Monsieur Fabre,' },
        {
          t: 'p',
          text: `Merci pour votre souscription du ${fr.long(sent)}. Votre contrat annuel multivoyages vous couvre pour tous vos déplacements de moins de 90 jours.`,
        },
        {
          t: 'kv',
          rows: [
            ['Numéro de contrat', policy],
            ['Début de validité', fr2.abbr(start)],
            ['Fin de validité', fr2.abbr(end)],
            ['Prime TTC', eur(219)],
          ],
        },
        {
          t: 'small',
          text: `Allianz Travel est une marque commerciale d'AWP France SAS. Les garanties d'assurance sont souscrites auprès d'AWP P&C, SA, ${siren(rng)} RCS Bobigny. Assistance 24h/24 : ${frPhone(rng, 'international')}.`,
        },
      ],
    });
  }

  {
    // A certificate for a Schengen visa application: the visitor's passport, the inviting host.
    const policy = `${rng.digits(4)}${rng.digits(6)}`;
    const start = day(2026, 6, 20);
    const end = day(2026, 7, 19);
    out.push({
      id: 'fr-travel-attestation-visa',
      country: 'FR',
      type: 'travel',
      kind: 'visa insurance certificate',
      insurer: { ref: '451392724', printed: 'AXA Assistance France Assurances' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'dejavu', size: 9.5, margin: 50 },
      blocks: [
        {
          t: 'head',
          left: ['AXA Assistance', 'Assurance voyage visiteurs'],
          right: [`Émise le ${fr.slash(day(2026, 4, 28))}`],
        },
        {
          t: 'title',
          text: "Attestation d'assurance – demande de visa Schengen / Insurance certificate – Schengen visa",
        },
        {
          t: 'kv',
          rows: [
            ['N° de police / Policy number', policy],
            ['Assuré / Insured', 'Mr Kwame Mensah, né le 02/02/1968'],
            ['Passeport / Passport', `G${rng.digits(7)}`],
            ['Hébergé chez / Staying with', 'Mme Afua Mensah-Duval, 3 rue des Lilas, 31400 Toulouse'],
            ['Validité / Validity', `du ${fr.slash(start)} au ${fr.slash(end)} inclus`],
            ['Territoire / Territory', 'États Schengen'],
          ],
        },
        {
          t: 'p',
          text: 'Frais médicaux et rapatriement garantis à hauteur de 30 000 € minimum, sans franchise, conformément au code des visas.',
        },
        {
          t: 'small',
          text: `AXA Assistance France Assurances, SA, entreprise régie par le Code des assurances, ${siren(rng)} RCS Nanterre. Urgences : ${frPhone(rng, 'international')}.`,
        },
      ],
    });
  }

  {
    // A broker's cancellation and interruption cover: booking reference, booking date, the stay.
    const policy = `GEN${rng.digits(8)}`;
    const booked = day(2026, 3, 11);
    const start = day(2026, 9, 5);
    const end = day(2026, 9, 12);
    out.push({
      id: 'fr-travel-courtier-annulation',
      country: 'FR',
      type: 'travel',
      kind: 'broker letter',
      insurer: { ref: '552062663', printed: 'Generali IARD' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'serif', size: 10.5, margin: 56 },
      blocks: [
        {
          t: 'head',
          left: ['Atlantique Courtage', '9 quai de la Fosse, 44000 Nantes', `Tél. ${frPhone(rng, 'national')}`],
          right: [`Nantes, le ${fr.long(booked)}`],
        },
        { t: 'p', text: 'Madame, Monsieur,' },
        {
          t: 'p',
          text: `Nous vous confirmons la souscription d'une assurance annulation et interruption de séjour auprès de Generali IARD pour votre croisière en Méditerranée (référence de réservation ${pnr(rng)}, réservée le ${fr.slash(booked)}). Le séjour assuré s'étend du ${fr.long(start)} au ${fr.long(end)}. Votre numéro de contrat : ${policy}.`,
        },
        {
          t: 'p',
          text: `Cotisation : ${eur(96)}, réglée par carte bancaire. En cas d'annulation, prévenez immédiatement le voyagiste puis notre cabinet au ${frPhone(rng, 'international')}.`,
        },
        { t: 'p', text: 'Veuillez agréer nos salutations distinguées.\nHélène Morvan' },
        {
          t: 'small',
          text: `Atlantique Courtage, SAS au capital de 10 000 €, RCS Nantes ${siren(rng)}, courtier immatriculé à l'ORIAS sous le n° ${orias(rng)}, sous le contrôle de l'ACPR, 4 place de Budapest, 75009 Paris.`,
        },
      ],
    });
  }

  {
    // Ski-pass cover bought at the resort: one week, the lift pass number nearby.
    const policy = `${rng.digits(12)}`;
    const start = day(2027, 2, 13);
    const end = day(2027, 2, 20);
    out.push({
      id: 'fr-travel-assurance-forfait-ski',
      country: 'FR',
      type: 'travel',
      kind: 'ski-pass insurance receipt',
      insurer: { ref: '542063797', printed: 'Gan Assurances' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'mono', size: 9, margin: 70 },
      blocks: [
        {
          t: 'mono',
          lines: [
            'REMONTEES MECANIQUES DU GRAND COL',
            'Caisse 04 – Vente du ' + fr.slash(day(2027, 2, 13)) + ' 08:41',
            '--------------------------------------',
            'Forfait 7 jours adulte       289,00 EUR',
            `N° forfait        ${rng.digits(4)}-${rng.digits(4)}-${rng.digits(4)}`,
            'Assurance neige 7 j          24,50 EUR',
            '--------------------------------------',
            'TOTAL                        313,50 EUR',
          ],
        },
        { t: 'h', text: 'Assurance neige – certificat' },
        {
          t: 'kv',
          rows: [
            ['N° de contrat', policy],
            ['Validité', `du ${fr.slash(start)} au ${fr.slash(end)}`],
            ['Garanties', 'Secours sur piste, frais de recherche, remboursement forfait'],
          ],
        },
        {
          t: 'small',
          text: `Contrat assuré par Gan Assurances, entreprise régie par le Code des assurances. En cas d'accident, appelez le ${frPhone(rng, 'national')} avant toute évacuation.`,
        },
      ],
    });
  }
  return out;
}

function health(rng: Rng): Paper[] {
  const out: Paper[] = [];

  {
    // The tiers payant card: member number, the AMC code for pharmacists, beneficiaries' NIRs.
    const policy = `${rng.digits(9)}`;
    const start = day(2026, 1, 1);
    const end = day(2026, 12, 31);
    out.push({
      id: 'fr-health-carte-tiers-payant',
      country: 'FR',
      type: 'health',
      kind: 'carte tiers payant',
      insurer: { ref: '538518473', printed: 'Harmonie Mutuelle' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'condensed', size: 9.5, margin: 60 },
      blocks: [
        { t: 'head', left: ['Harmonie Mutuelle', 'Carte de tiers payant'], right: [`N° AMC ${rng.digits(8)}`] },
        {
          t: 'kv',
          rows: [
            ['N° adhérent', policy],
            ['Période de validité', `${fr.slash(start)} au ${fr.slash(end)}`],
            ['Type de convention', 'TP SP SV'],
          ],
        },
        {
          t: 'table',
          rows: [
            ['Bénéficiaires', 'N° de sécurité sociale', 'Rang'],
            ['BERTIN Claire', spacedNir(nir(rng, '35')), '1'],
            ['BERTIN Hugo', spacedNir(nir(rng, '35')), '2'],
          ],
        },
        {
          t: 'table',
          rows: [
            ['PHAR', 'LABO', 'RADL', 'OPTI', 'DENT', 'HOSP'],
            ['100%', '100%', '100%', 'PEC', 'PEC', 'OUI'],
          ],
        },
        {
          t: 'small',
          text: `Professionnels de santé : ${frPhone(rng, 'national')}. Harmonie Mutuelle, mutuelle soumise au livre II du Code de la mutualité, SIREN ${siren(rng)}.`,
        },
      ],
    });
  }

  {
    // A mutuelle's attestation de droits where the member number is the NIR, born in Corse-du-Sud.
    const number = spacedNir(nir(rng, '2A'));
    const start = day(2026, 1, 1);
    const end = day(2026, 12, 31);
    out.push({
      id: 'fr-health-attestation-droits-nir-2a',
      country: 'FR',
      type: 'health',
      kind: 'attestation de droits (NIR, Corsica 2A)',
      insurer: { ref: '775685399', printed: 'MGEN' },
      policy: number,
      start,
      end,
      plate: null,
      look: { family: 'serif', size: 10.5, margin: 56 },
      blocks: [
        { t: 'head', left: ['MGEN', 'Section de la Corse-du-Sud'], right: [`Ajaccio, le ${fr.long(day(2026, 1, 6))}`] },
        { t: 'title', text: 'Attestation de droits' },
        {
          t: 'p',
          text: `La MGEN atteste que Madame Marie-Antoinette Santoni, adhérente n° ${number} (numéro de sécurité sociale), bénéficie de la couverture complémentaire santé MGEN Équilibre. Les droits sont ouverts du ${fr.long(start)} au ${fr.long(end)}.`,
        },
        { t: 'p', text: 'Cette attestation est délivrée pour servir et valoir ce que de droit.' },
        {
          t: 'small',
          text: `MGEN, Mutuelle générale de l'Éducation nationale, mutuelle soumise aux dispositions du livre II du Code de la mutualité, SIREN ${siren(rng)}. Contact : ${frPhone(rng, 'national')}.`,
        },
      ],
    });
  }

  {
    const policy = `ALN${rng.digits(8)}`;
    const sent = day(2026, 3, 30);
    const start = day(2026, 4, 1);
    const end = day(2027, 3, 31);
    out.push({
      id: 'fr-health-email-attestation',
      country: 'FR',
      type: 'health',
      kind: 'e-mail confirmation',
      insurer: { ref: '818353070', printed: 'Alan' },
      policy,
      start,
      end,
      plate: null,
      look: {
        family: 'sans',
        size: 9.5,
        margin: 42,
        printHeader: [`${fr.slash(sent)} 09:02`, 'Votre attestation Alan'],
        printFooter: ['webmail.example.fr', '{page}'],
      },
      blocks: [
        {
          t: 'kv',
          labelWidth: 60,
          rows: [
            ['De :', 'Alan <bonjour@alan.example>'],
            ['Envoyé :', `${fr.withDay(sent)} 09:01`],
            ['À :', 'thomas.nguyen@example.fr'],
            ['Objet :', 'Ton attestation de tiers payant'],
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Salut Thomas,' },
        {
          t: 'p',
          text: 'Ta couverture santé est active. Voici ce qu’il faut présenter à ton pharmacien ou à ton opticien :',
        },
        {
          t: 'kv',
          rows: [
            ['Numéro de contrat', policy],
            ['Couverture', `du ${fr.long(start)} au ${fr.long(end)}`],
            ['Formule', 'Alan Blue'],
            ['Ton NIR', spacedNir(nir(rng))],
          ],
        },
        {
          t: 'small',
          text: `Alan SA, entreprise régie par le Code des assurances, ${siren(rng)} RCS Paris. Une question ? Écris-nous dans l’app ou appelle le ${frPhone(rng, 'national')}.`,
        },
      ],
    });
  }

  {
    // A company scheme's certificate: the employer's SIRET next to the member's number.
    const policy = `MH${rng.digits(9)}`;
    const start = day(2026, 2, 1);
    const end = day(2026, 12, 31);
    out.push({
      id: 'fr-health-certificat-adhesion-entreprise',
      country: 'FR',
      type: 'health',
      kind: "company scheme certificat d'adhésion",
      insurer: { ref: '784718256', printed: 'Mutuelle Malakoff Humanis' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'sans', size: 9.5, margin: 50 },
      blocks: [
        { t: 'head', left: ['Malakoff Humanis', 'Santé collective'], right: [`Le ${fr.slash(day(2026, 2, 4))}`] },
        { t: 'title', text: "Certificat d'adhésion" },
        {
          t: 'kv',
          rows: [
            ['Entreprise', 'Boulangeries Rieux SAS'],
            ['SIRET', `${siren(rng)} ${rng.digits(5)}`],
            ['Salarié', 'M. Julien Perrot'],
            ["N° d'adhérent", policy],
            ["Date d'affiliation", fr.long(start)],
            ["Fin de la période d'adhésion", fr.long(end)],
          ],
        },
        {
          t: 'p',
          text: "L'adhésion se renouvelle ensuite chaque 1er janvier par tacite reconduction, tant que le contrat collectif de l'entreprise est en vigueur.",
        },
        {
          t: 'small',
          text: `Mutuelle Malakoff Humanis, mutuelle régie par le livre II du Code de la mutualité. Relation adhérents : ${frPhone(rng, 'national')}.`,
        },
      ],
    });
  }

  {
    // The yearly letter: the new period only in a sentence, with a cotisation table.
    const policy = `${rng.digits(10)}`;
    const start = day(2027, 1, 1);
    const end = day(2027, 12, 31);
    out.push({
      id: 'fr-health-lettre-echeance',
      country: 'FR',
      type: 'health',
      kind: 'renewal letter (échéance)',
      insurer: { ref: '775685340', printed: 'La Mutuelle Générale' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'serif', size: 10.5, margin: 58 },
      blocks: [
        { t: 'head', left: ['La Mutuelle Générale', 'Service adhérents'], right: [`Le ${fr.long(day(2026, 10, 21))}`] },
        { t: 'p', text: 'Madame Sylvie Arnaud\n5 chemin des Oliviers\n13100 Aix-en-Provence' },
        { t: 'h', text: `Votre contrat santé n° ${policy}` },
        {
          t: 'p',
          text: `Madame,\nvotre contrat sera renouvelé le ${fr.long(start)} et courra jusqu'au ${fr.long(end)}. Vos garanties restent identiques ; votre cotisation mensuelle évolue comme suit :`,
        },
        {
          t: 'table',
          rows: [
            ['Bénéficiaire', '2026', '2027'],
            ['Sylvie Arnaud', eur(84.1), eur(88.9)],
            ['Paul Arnaud', eur(84.1), eur(88.9)],
          ],
        },
        { t: 'p', text: `Prélèvement le 5 de chaque mois sur le compte ${iban(rng, 'FR')}.` },
        {
          t: 'small',
          text: `La Mutuelle Générale, mutuelle soumise au livre II du Code de la mutualité, SIREN ${siren(rng)}. ${frPhone(rng, 'national')}.`,
        },
      ],
    });
  }

  {
    // A broker's letter for an individual health policy; the insured was born in Haute-Corse.
    const policy = `SL${rng.digits(10)}`;
    const start = day(2026, 7, 1);
    const end = day(2026, 12, 31);
    out.push({
      id: 'fr-health-courtier-nir-2b',
      country: 'FR',
      type: 'health',
      kind: 'broker letter (NIR, Corsica 2B)',
      insurer: { ref: '322215021', printed: 'SwissLife Prévoyance et Santé' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'dejavu', size: 9.5, margin: 52 },
      blocks: [
        {
          t: 'head',
          left: ['Cabinet Paoli Assurances', '2 boulevard Paoli, 20200 Bastia', `Tél. ${frPhone(rng, 'national')}`],
          right: [`Bastia, le ${fr2.abbr(day(2026, 6, 12))}`],
        },
        { t: 'p', text: 'Monsieur Jean-Baptiste Orsini,' },
        {
          t: 'p',
          text: `Nous avons le plaisir de vous confirmer l'acceptation de votre adhésion à la complémentaire santé SwissLife Santé Madeleine. Votre contrat n° ${policy} prend effet le ${fr2.abbr(start)} ; la première période se termine le ${fr2.abbr(end)}, puis le contrat se renouvelle chaque année au 1er janvier.`,
        },
        {
          t: 'kv',
          rows: [
            ['Assuré principal', 'Jean-Baptiste Orsini'],
            ['N° de sécurité sociale', spacedNir(nir(rng, '2B'))],
            ['Cotisation mensuelle', eur(112.45)],
          ],
        },
        { t: 'p', text: 'Nous restons à votre disposition.\nLaetitia Paoli' },
        {
          t: 'small',
          text: `Contrat assuré par SwissLife Prévoyance et Santé, entreprise régie par le Code des assurances. Cabinet Paoli Assurances, courtier immatriculé à l'ORIAS sous le n° ${orias(rng)}.`,
        },
      ],
    });
  }
  return out;
}
