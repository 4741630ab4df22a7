// French paperwork: a Mémo véhicule assuré, a carte internationale d'assurance with an old FNI plate, an avenant
// after a change of car, an avis d'échéance whose period is only in a sentence, a broker's conditions
// particulières over two pages, an online insurer's e-mail, travel attestations (visa, travel agency, bank card,
// annual cover, flight cancellation by e-mail) and complementary health papers (tiers payant card, attestation de
// droits, collective contract, renewal e-mail, a Corsican member's card). People and firms other than insurers
// are made up; telephone numbers are in ARCEP's ranges for fiction.
import { Rng, iban, siren } from '../../corpus-apart/formats.js';
import { day, fr, nirFor, type Paper } from '../paper.js';

// Decoys with check digits (IBANs, NIRs, a KVNR) come from a seeded generator, restarted on every call so that
// the papers are the same each time they are written.
let rng = new Rng(33_2026);

export function frPapers(): Paper[] {
  rng = new Rng(33_2026);
  return [
    vehicleMemo(),
    internationalCard(),
    changeOfVehicle(),
    renewalNotice(),
    brokerConditions(),
    onlineEmail(),
    visaAttestation(),
    travelAgencyCertificate(),
    bankCardAttestation(),
    annualTravel(),
    flightCancellationEmail(),
    tiersPayantCard(),
    rightsAttestation(),
    collectiveContract(),
    renewalEmail(),
    corsicanCard(),
  ];
}

function vehicleMemo(): Paper {
  const start = day(2026, 4, 1);
  const end = day(2027, 3, 31);
  return {
    id: 'fr-motor-memo-vehicule',
    country: 'FR',
    type: 'motor',
    style: 'Mémo véhicule assuré',
    look: { family: 'sans', size: 10, margin: 56 },
    blocks: [
      {
        t: 'head',
        left: ['Matmut', '66 rue de Sotteville, 76100 Rouen'],
        right: ['Service sociétaires 02 61 91 04 18'],
      },
      { t: 'title', text: 'Mémo Véhicule Assuré' },
      {
        t: 'small',
        text: 'Document à conserver dans le véhicule. Depuis le 1er avril 2024, l\u2019assurance du véhicule est vérifiée par les forces de l\u2019ordre dans le Fichier des véhicules assurés (FVA).',
      },
      {
        t: 'kv',
        rows: [
          ['Souscripteur', 'Mme Clémence Roux-Delacroix'],
          ['N° de sociétaire', '2 118 447'],
          ['N° de contrat', '0049 1177 22'],
          ['Immatriculation', 'GK-318-PT'],
          ['Marque, modèle', 'Peugeot 2008'],
          ['Période de validité', `du ${fr.slash(start)} au ${fr.slash(end)}`],
        ],
      },
      {
        t: 'p',
        text: 'En cas d\u2019accident, remplissez un constat amiable et déclarez le sinistre sous 5 jours ouvrés au 02 61 91 04 20. Assistance 24 h/24 : 05 36 49 10 10.',
      },
      {
        t: 'small',
        text: 'Matmut \u2013 Mutuelle Assurance des Travailleurs Mutualistes, société d\u2019assurance mutuelle à cotisations variables, entreprise régie par le Code des assurances, 66 rue de Sotteville, 76100 Rouen. SIREN 775 701 477.',
      },
    ],
    truth: {
      policy_number: '0049 1177 22',
      insurer: { ref: '775701477', printed: 'Mutuelle Assurance des Travailleurs Mutualistes' },
      start,
      end,
      plate: 'GK-318-PT',
    },
  };
}

function internationalCard(): Paper {
  const start = day(2026, 1, 1);
  const end = day(2026, 12, 31);
  return {
    id: 'fr-motor-carte-internationale',
    country: 'FR',
    type: 'motor',
    style: 'carte internationale d\u2019assurance automobile, ancienne plaque FNI',
    look: { family: 'condensed', size: 9, margin: 40 },
    blocks: [
      { t: 'title', text: 'CARTE INTERNATIONALE D\u2019ASSURANCE AUTOMOBILE' },
      {
        t: 'small',
        text: 'Délivrée sous l\u2019autorité du Bureau Central Français, 1 rue Jules Lefebvre, 75009 Paris',
      },
      {
        t: 'table',
        rows: [
          ['1. Validité du', 'au', '2. Code pays / Code assureur / N°'],
          [fr.slash(start), fr.slash(end), 'F / 781 / 2026 004 118 73'],
          ['3. N° d\u2019immatriculation', '4. Catégorie', '5. Marque'],
          ['4127 QB 69', 'A (voiture)', 'Citroën'],
        ],
      },
      {
        t: 'mono',
        lines: [
          '6. A  AL  AND  B  BG  BIH  CH  CY  CZ  D  DK  E  EST  F  FIN  GB  GR',
          '   H  HR  I  IRL  IS  L  LT  LV  M  MA  MD  MK  MNE  N  NL  P  PL',
          '   RO  S  SK  SLO  SRB  TN  TR  UA',
        ],
      },
      {
        t: 'kv',
        rows: [
          ['7. Nom et adresse de l\u2019assuré', 'M. Gérard Fontanel, 12 chemin des Vignes, 69340 Francheville'],
          ['N° de contrat', '114872034'],
          ['8. Carte délivrée par', 'MACIF, 1 rue Jacques Vandier, 79000 Niort'],
          ['Assistance depuis l\u2019étranger', '+33 5 36 49 11 22'],
        ],
      },
    ],
    truth: {
      policy_number: '114872034',
      insurer: { ref: '781452511', printed: 'MACIF' },
      start,
      end,
      plate: '4127 QB 69',
    },
  };
}

function changeOfVehicle(): Paper {
  const start = day(2025, 12, 1);
  const end = day(2026, 11, 30);
  const change = day(2026, 6, 3);
  return {
    id: 'fr-motor-avenant',
    country: 'FR',
    type: 'motor',
    style: 'avenant : changement de véhicule',
    look: { family: 'serif', size: 10, margin: 54 },
    blocks: [
      {
        t: 'head',
        left: ['Crédit Agricole Assurances', 'Votre agence Crédit Agricole Alpes Provence, Aix-en-Provence'],
        right: [`Aix-en-Provence, le ${fr.long(change)}`],
      },
      { t: 'title', text: 'Avenant n° 3 au contrat Auto 9871 4402 118' },
      {
        t: 'p',
        text: 'Madame Nadia Benyahia-Carrel,\nà votre demande, nous avons modifié votre contrat pour tenir compte du remplacement de votre véhicule. Le présent avenant annule et remplace les conditions particulières précédentes pour ce qui concerne le véhicule assuré.',
      },
      {
        t: 'kv',
        rows: [
          ['Contrat', 'Auto Tous Risques n° 9871 4402 118'],
          ['Période d\u2019assurance en cours', `du ${fr.slash(start)} au ${fr.slash(end)}`],
          ['Date d\u2019effet de l\u2019avenant', fr.slash(change)],
        ],
      },
      {
        t: 'table',
        rows: [
          ['', 'Immatriculation', 'Véhicule'],
          ['Ancien véhicule (retiré)', 'FN-412-KD', 'Peugeot 208 PureTech 82'],
          ['Nouveau véhicule', 'GH-077-TR', 'Renault Clio E-Tech hybride'],
        ],
      },
      {
        t: 'p',
        text:
          'Cotisation annuelle TTC à compter de la date d\u2019effet : 684,20 €. Prélèvement sur le compte ' +
          iban(rng, 'FR') +
          '.',
      },
      {
        t: 'small',
        text: 'Contrat assuré par PACIFICA, filiale d\u2019assurances dommages de Crédit Agricole Assurances, SA au capital entièrement libéré, entreprise régie par le Code des assurances, siège social 8-10 boulevard de Vaugirard, 75015 Paris, 352 358 865 RCS Paris. Le Crédit Agricole intervient en qualité d\u2019intermédiaire, ORIAS n° 07 008 961.',
      },
    ],
    truth: {
      policy_number: '9871 4402 118',
      insurer: { ref: '352358865', printed: 'PACIFICA' },
      start,
      end,
      plate: 'GH-077-TR',
    },
  };
}

function renewalNotice(): Paper {
  const written = day(2026, 2, 16);
  const start = day(2026, 4, 1);
  const end = day(2027, 3, 31);
  return {
    id: 'fr-motor-avis-echeance-prose',
    country: 'FR',
    type: 'motor',
    style: 'avis d\u2019échéance, période dans une phrase, plaque sans libellé',
    look: { family: 'dejavu', size: 9.5, margin: 58 },
    blocks: [
      { t: 'head', left: ['GMF', '148 rue Anatole France, 92300 Levallois-Perret'], right: [`Le ${fr.long(written)}`] },
      { t: 'p', text: 'Monsieur Théo Marchal-Nguyen\n8 allée des Tilleuls\n44300 Nantes' },
      { t: 'p', text: 'Objet : contrat Auto Pass 0772 1439 51 \u2013 Renault Scénic DX-551-JM' },
      { t: 'h', text: 'Votre avis d\u2019échéance' },
      {
        t: 'p',
        text: `Monsieur,\nvotre contrat sera reconduit le ${fr.long(start)} pour une nouvelle période d\u2019un an, jusqu\u2019au ${fr.long(end)}. Votre cotisation annuelle pour cette période s\u2019élève à 597,36 € TTC, dont 18,22 € de contribution au Fonds de garantie.`,
      },
      {
        t: 'p',
        text: 'Votre bonus-malus est de 0,50. Vous êtes sociétaire GMF depuis 2009 (n° de sociétaire 4521876 A).',
      },
      {
        t: 'p',
        text: 'Si vous souhaitez modifier vos garanties, contactez-nous au 03 53 01 22 40 ou dans votre agence. Vous pouvez résilier votre contrat à tout moment après un an d\u2019engagement (loi Hamon).',
      },
      {
        t: 'small',
        text: 'GMF Assurances, société anonyme au capital de 181 385 440 €, entreprise régie par le Code des assurances, RCS Nanterre 398 972 901, siège social 148 rue Anatole France, 92300 Levallois-Perret.',
      },
    ],
    truth: {
      policy_number: '0772 1439 51',
      insurer: { ref: '398972901', printed: 'GMF Assurances' },
      start,
      end,
      plate: 'DX-551-JM',
    },
  };
}

function brokerConditions(): Paper {
  const start = day(2026, 3, 21);
  const end = day(2027, 3, 20);
  const brokerSiren = siren(rng);
  return {
    id: 'fr-motor-courtier-conditions',
    country: 'FR',
    type: 'motor',
    style: 'conditions particulières de courtier (ORIAS, RCS), deux pages',
    look: {
      family: 'sans',
      size: 9.5,
      margin: 48,
      printFooter: ['Cabinet Berthier & Associés \u2013 Conditions particulières moto', 'Page {page}'],
    },
    blocks: [
      {
        t: 'head',
        left: ['Cabinet Berthier & Associés', 'Courtier en assurances \u2013 27 quai Saint-Vincent, 69001 Lyon'],
        right: ['Tél. 04 65 71 30 30', `ORIAS n° 11 058 332`, `RCS Lyon ${brokerSiren}`],
      },
      { t: 'title', text: 'Conditions particulières \u2013 Assurance Moto' },
      {
        t: 'kv',
        rows: [
          ['Assuré', 'M. Baptiste Ferrandon, né le 14/09/1988'],
          ['Adresse', '3 montée du Gourguillon, 69005 Lyon'],
          ['N° de contrat', 'MC 2026 448 170'],
          ['Période d\u2019assurance', `du ${fr.slash(start)} au ${fr.slash(end)}`],
          ['Échéance principale', '21 mars (reconduction annuelle)'],
          ['Formule', 'Tous risques, équipement du motard 1 500 €'],
        ],
      },
      { t: 'h', text: 'Véhicule assuré' },
      {
        t: 'kv',
        rows: [
          ['Immatriculation', 'EZ-604-RB'],
          ['Marque / modèle', 'Yamaha MT-07 (689 cm³)'],
          ['Date de 1re mise en circulation', '17/05/2018'],
          ['Stationnement', 'Garage fermé'],
        ],
      },
      { t: 'page' },
      { t: 'h', text: 'Franchises' },
      {
        t: 'table',
        rows: [
          ['Garantie', 'Franchise'],
          ['Dommages tous accidents', '450 €'],
          ['Vol, incendie', '10 % du sinistre, minimum 300 €'],
          ['Équipement du motard', '75 €'],
        ],
      },
      { t: 'h', text: 'Cotisation' },
      {
        t: 'p',
        text: 'Cotisation annuelle TTC : 742,80 €, payable en 12 mensualités. Prélèvement sur ' + iban(rng, 'FR') + '.',
      },
      {
        t: 'small',
        text: 'Contrat souscrit par l\u2019intermédiaire du Cabinet Berthier & Associés, SARL de courtage d\u2019assurance, immatriculée à l\u2019ORIAS sous le n° 11 058 332 (www.orias.fr), garantie financière et assurance de responsabilité civile professionnelle conformes au Code des assurances. Assureur : Assurance Mutuelle des Motards, société d\u2019assurance mutuelle à cotisations variables, SIREN 328 538 335, 180 avenue de l\u2019Europe, 34960 Montpellier. Autorité de contrôle : ACPR, 4 place de Budapest, 75009 Paris.',
      },
    ],
    truth: {
      policy_number: 'MC 2026 448 170',
      insurer: { ref: '328538335', printed: 'Assurance Mutuelle des Motards' },
      start,
      end,
      plate: 'EZ-604-RB',
    },
  };
}

function onlineEmail(): Paper {
  const sent = day(2026, 9, 28);
  const start = day(2026, 10, 1);
  const end = day(2027, 9, 30);
  return {
    id: 'fr-motor-email',
    country: 'FR',
    type: 'motor',
    style: 'e-mail de confirmation imprimé (marque en ligne, assureur nommé en bas)',
    look: {
      family: 'dejavu',
      size: 9.5,
      margin: 42,
      printHeader: [`${fr.slash(sent)} 18:40`, 'Bienvenue chez Roulez Serein'],
      printFooter: ['https://mail.orange.fr/webmail/fr_FR/read.html', '{page}'],
    },
    blocks: [
      {
        t: 'kv',
        labelWidth: 60,
        rows: [
          ['De', 'Roulez Serein <bonjour@roulezserein.example>'],
          ['Date', `${fr.dayLong(sent)}, 18:39`],
          ['À', 'manon.lefebvre-sall@example.fr'],
          ['Objet', 'Votre contrat auto est actif'],
        ],
      },
      { t: 'rule' },
      { t: 'p', text: 'Bonjour Manon,' },
      {
        t: 'p',
        text: 'Bienvenue chez Roulez Serein ! Votre contrat d\u2019assurance auto est souscrit. Vous trouverez vos conditions particulières en pièce jointe.',
      },
      {
        t: 'table',
        rows: [
          ['Récapitulatif', ''],
          ['Contrat', 'RS-4408-1172'],
          ['Véhicule', 'Dacia Sandero Stepway \u2013 HB-290-ZK'],
          ['Formule', 'Tiers étendu'],
          ['Début de couverture', fr.long(start)],
          ['Fin de la première période', fr.long(end)],
          ['Mensualité', '38,90 €'],
        ],
      },
      {
        t: 'p',
        text: 'Une question ? Répondez à ce mail ou appelez-nous au 01 99 00 42 42 (du lundi au vendredi, 9 h \u2013 19 h).',
      },
      {
        t: 'small',
        text: 'Roulez Serein est une marque de Roulez Serein SAS, courtier immatriculé à l\u2019ORIAS sous le n° 21 004 517. Les contrats sont assurés par Wakam, SA au capital de 4 658 992 €, entreprise régie par le Code des assurances, 562 117 085 RCS Paris, 120-122 rue Réaumur, 75002 Paris.',
      },
    ],
    truth: {
      policy_number: 'RS-4408-1172',
      insurer: { ref: '562117085', printed: 'Wakam' },
      start,
      end,
      plate: 'HB-290-ZK',
    },
  };
}

function visaAttestation(): Paper {
  const bought = day(2026, 5, 12);
  const arrive = day(2026, 7, 3);
  const leave = day(2026, 8, 1);
  return {
    id: 'fr-travel-visa-attestation',
    country: 'FR',
    type: 'travel',
    style: 'attestation d\u2019assurance voyage pour visa : dates du séjour, date de souscription, passeport',
    look: { family: 'serif', size: 10.5, margin: 58 },
    blocks: [
      {
        t: 'head',
        left: ['Europ Assistance', '2 rue Pillet-Will, 75009 Paris'],
        right: [`Fait à Paris, le ${fr.slash(bought)}`],
      },
      { t: 'title', text: 'ATTESTATION D\u2019ASSURANCE VOYAGE' },
      {
        t: 'p',
        text: 'Europ Assistance certifie que la personne désignée ci-dessous est garantie au titre du contrat d\u2019assurance voyage souscrit auprès de ses services, conformément aux exigences du Code des visas de l\u2019Union européenne (frais médicaux jusqu\u2019à 30 000 €, rapatriement).',
      },
      {
        t: 'kv',
        rows: [
          ['Assuré', 'M. Youssef El Amrani'],
          ['Passeport n°', 'UK4417820'],
          ['N° d\u2019adhésion', 'EA 26 0991 8374'],
          ['Date de souscription', fr.slash(bought)],
          ['Dates du séjour', `du ${fr.slash(arrive)} au ${fr.slash(leave)}`],
          ['Zone', 'Espace Schengen'],
        ],
      },
      {
        t: 'p',
        text: 'Plateau d\u2019assistance 24 h/24 : +33 1 99 00 31 31. La présente attestation est délivrée pour servir et valoir ce que de droit.',
      },
      {
        t: 'small',
        text: 'Europ Assistance, société anonyme au capital de 75 000 000 €, entreprise régie par le Code des assurances, 451 366 405 RCS Nanterre, siège social 2 rue Pillet-Will, 75009 Paris.',
      },
    ],
    truth: {
      policy_number: 'EA 26 0991 8374',
      insurer: { ref: '451366405', printed: 'Europ Assistance' },
      start: arrive,
      end: leave,
      plate: null,
    },
  };
}

function travelAgencyCertificate(): Paper {
  const booked = day(2026, 3, 9);
  const depart = day(2026, 8, 12);
  const back = day(2026, 8, 26);
  return {
    id: 'fr-travel-agency-certificate',
    country: 'FR',
    type: 'travel',
    style: 'certificat d\u2019adhésion d\u2019agence : dossier agence, voyage dans une phrase',
    look: { family: 'sans', size: 9.5, margin: 50 },
    blocks: [
      {
        t: 'head',
        left: ['Évasion Sud Voyages', '14 cours Mirabeau, 13100 Aix-en-Provence'],
        right: ['Tél. 04 65 71 88 02', 'IM013100044 \u2013 Atout France', `Dossier n° 2026-118834`],
      },
      { t: 'title', text: 'Certificat d\u2019adhésion \u2013 Multirisque Voyage' },
      {
        t: 'kv',
        rows: [
          ['N° de certificat', 'MT 884 102 556'],
          ['Adhérent', 'Mme Solène Castagné, M. Étienne Castagné'],
          ['Date d\u2019inscription au voyage', fr.slash(booked)],
          ['Destination', 'Tanzanie (safari et Zanzibar)'],
          ['Prix du voyage assuré', '7 480,00 €'],
        ],
      },
      {
        t: 'p',
        text: `Les garanties sont acquises pour le voyage du ${fr.long(depart)} au ${fr.long(back)}. La garantie annulation prend effet dès l\u2019adhésion et cesse au moment du départ.`,
      },
      {
        t: 'p',
        text: 'Assistance rapatriement 24 h/24 depuis l\u2019étranger : +33 1 99 00 55 12, en précisant le numéro de certificat.',
      },
      {
        t: 'small',
        text:
          'Contrat d\u2019assurance souscrit par Évasion Sud Voyages auprès de MUTUAIDE ASSISTANCE, 126 rue de la Piazza, 93160 Noisy-le-Grand, SA au capital de 12 558 240 €, entreprise régie par le Code des assurances, 383 974 086 RCS Bobigny. Évasion Sud Voyages, SAS, RCS Aix-en-Provence ' +
          siren(rng) +
          ', mandataire d\u2019intermédiaire d\u2019assurance ORIAS 13 004 882.',
      },
    ],
    truth: {
      policy_number: 'MT 884 102 556',
      insurer: { ref: '383974086', printed: 'MUTUAIDE ASSISTANCE' },
      start: depart,
      end: back,
      plate: null,
    },
  };
}

function bankCardAttestation(): Paper {
  const written = day(2026, 11, 30);
  const depart = day(2026, 12, 19);
  const back = day(2027, 1, 4);
  return {
    id: 'fr-travel-bank-card',
    country: 'FR',
    type: 'travel',
    style: 'attestation d\u2019assistance d\u2019une carte bancaire : la banque n\u2019est pas l\u2019assureur',
    look: { family: 'serif', size: 10, margin: 60 },
    blocks: [
      {
        t: 'head',
        left: ['Banque Coopérative de l\u2019Ouest', 'Service Cartes \u2013 BP 40117, 35701 Rennes Cedex 7'],
        right: [`Rennes, le ${fr.long(written)}`],
      },
      { t: 'title', text: 'Attestation d\u2019assistance et d\u2019assurance voyage \u2013 Carte Visa Premier' },
      {
        t: 'p',
        text: `Nous soussignés, Inter Mutuelles Assistance SA, certifions que Mme Ophélie Guérin-Mbappé, titulaire d\u2019une carte Visa Premier en cours de validité, bénéficie des garanties d\u2019assistance aux personnes et de frais médicaux à l\u2019étranger attachées à sa carte, pour son voyage au Québec du ${fr.long(depart)} au ${fr.long(back)}.`,
      },
      {
        t: 'kv',
        rows: [
          ['Contrat n°', 'VP 771044 82'],
          ['N° d\u2019attestation', 'ATT-26-55120'],
          ['Carte n°', '4974 \u2022\u2022\u2022\u2022 \u2022\u2022\u2022\u2022 6310'],
          ['Frais médicaux à l\u2019étranger', 'jusqu\u2019à 155 000 € par personne'],
        ],
      },
      { t: 'p', text: 'Pour toute demande d\u2019assistance : +33 5 36 49 77 00, 24 h/24 et 7 j/7.' },
      {
        t: 'small',
        text: 'Inter Mutuelles Assistance SA, entreprise régie par le Code des assurances, au capital de 23 859 196 €, 320 281 025 RCS Niort, 118 avenue de Paris, 79000 Niort. La Banque Coopérative de l\u2019Ouest agit en qualité de souscripteur du contrat collectif, ORIAS 07 023 117.',
      },
    ],
    truth: {
      policy_number: 'VP 771044 82',
      insurer: { ref: '320281025', printed: 'Inter Mutuelles Assistance SA' },
      start: depart,
      end: back,
      plate: null,
    },
  };
}

function annualTravel(): Paper {
  const start = day(2026, 2, 15);
  const end = day(2027, 2, 14);
  return {
    id: 'fr-travel-annual',
    country: 'FR',
    type: 'travel',
    style: 'multirisque voyage annuelle',
    look: { family: 'condensed', size: 9.5, margin: 50 },
    blocks: [
      {
        t: 'head',
        left: ['Allianz Travel', 'Tour Neptune, 20 place de Seine, 92400 Courbevoie'],
        right: ['Conditions particulières'],
      },
      { t: 'title', text: 'Assurance voyage annuelle \u2013 Multirisque Famille' },
      {
        t: 'table',
        rows: [
          ['N° de contrat', 'Souscripteur', 'Période de validité'],
          ['304 5518 027', 'M. Arnaud Lestrade-Kouyaté', `${fr.slash(start)} \u2013 ${fr.slash(end)}`],
        ],
      },
      {
        t: 'kv',
        rows: [
          ['Personnes assurées', 'Arnaud, Fatou, Inès et Malo Lestrade-Kouyaté'],
          ['Durée maximale par voyage', '90 jours consécutifs'],
          ['Zone', 'Monde entier'],
          ['Prime annuelle TTC', '219,00 €'],
        ],
      },
      {
        t: 'p',
        text: 'Le contrat se renouvelle par tacite reconduction à chaque échéance annuelle. Assistance 24 h/24 : +33 1 99 00 72 72.',
      },
      {
        t: 'small',
        text: 'Allianz Travel est une marque commerciale d\u2019AWP P&C, SA au capital de 17 287 285 €, 519 490 080 RCS Bobigny, siège social 7 rue Dora Maar, 93400 Saint-Ouen, entreprise régie par le Code des assurances.',
      },
    ],
    truth: {
      policy_number: '304 5518 027',
      insurer: { ref: '519490080', printed: 'AWP P&C' },
      start,
      end,
      plate: null,
    },
  };
}

function flightCancellationEmail(): Paper {
  const sent = day(2026, 8, 30);
  const depart = day(2026, 10, 18);
  const back = day(2026, 10, 25);
  return {
    id: 'fr-travel-flight-email',
    country: 'FR',
    type: 'travel',
    style: 'e-mail d\u2019assurance annulation de billet d\u2019avion (PNR)',
    look: {
      family: 'sans',
      size: 9.5,
      margin: 40,
      printHeader: ['Confirmation de votre assurance \u2013 dossier QX7T9K', ''],
      printFooter: ['https://outlook.office.com/mail/inbox', '{page}'],
    },
    blocks: [
      {
        t: 'kv',
        labelWidth: 64,
        rows: [
          ['De :', 'Vols Malins <assurance@volsmalins.example>'],
          ['Envoyé :', `${fr.dayLong(sent)} 09:14`],
          ['À :', 'r.bellamy@example.fr'],
          ['Objet :', 'Confirmation de votre assurance \u2013 dossier QX7T9K'],
        ],
      },
      { t: 'rule' },
      { t: 'p', text: 'Bonjour Raphaël,' },
      {
        t: 'p',
        text: 'Merci d\u2019avoir ajouté l\u2019assurance Annulation + Bagages à votre réservation (référence de réservation QX7T9K). Voici le résumé de votre couverture :',
      },
      {
        t: 'table',
        rows: [
          ['Vol', 'Date', 'Trajet'],
          ['Aller', fr.slash(depart), 'Paris CDG \u2192 Lisbonne'],
          ['Retour', fr.slash(back), 'Lisbonne \u2192 Paris CDG'],
        ],
      },
      {
        t: 'kv',
        rows: [
          ['N° de police', 'FRTRV 0044 81 773'],
          ['Garanties', 'Annulation jusqu\u2019à 1 500 €, bagages 800 €'],
          ['Période couverte', `du ${fr.slash(depart)} au ${fr.slash(back)} (annulation dès aujourd\u2019hui)`],
        ],
      },
      {
        t: 'small',
        text: 'Vols Malins SAS, agence de voyages en ligne, immatriculée au registre des opérateurs de voyages IM075190012, mandataire d\u2019intermédiaire d\u2019assurance ORIAS 19 004 118. Assurance souscrite auprès de Chubb European Group SE, entreprise régie par le Code des assurances, 450 327 374 RCS Nanterre, La Tour Carpe Diem, 31 place des Corolles, 92400 Courbevoie. Déclaration de sinistre : 01 99 00 18 18.',
      },
    ],
    truth: {
      policy_number: 'FRTRV 0044 81 773',
      insurer: { ref: '450327374', printed: 'Chubb European Group SE' },
      start: depart,
      end: back,
      plate: null,
    },
  };
}

function tiersPayantCard(): Paper {
  const start = day(2026, 1, 1);
  const end = day(2026, 12, 31);
  const member = nirFor(1, day(1983, 4, 11), '93', 66, 412);
  const partner = nirFor(2, day(1985, 8, 27), '59', 350, 118);
  return {
    id: 'fr-health-tiers-payant',
    country: 'FR',
    type: 'health',
    style: 'carte de tiers payant de mutuelle (numéro AMC, NIR des bénéficiaires)',
    look: { family: 'condensed', size: 9, margin: 46 },
    blocks: [
      {
        t: 'head',
        left: ['Harmonie Mutuelle', 'Attestation de tiers payant'],
        right: ['Période de validité', `du ${fr.slash(start)} au ${fr.slash(end)}`],
      },
      {
        t: 'kv',
        rows: [
          ['N° AMC (organisme complémentaire)', '775978120'],
          ['N° adhérent', '1047 7281 93'],
          ['Adhérent', 'M. Karim Haddad-Lemoine'],
          ['Type de convention', 'TP SP \u2013 tiers payant toutes spécialités'],
        ],
      },
      {
        t: 'table',
        rows: [
          ['Bénéficiaire', 'N° de sécurité sociale', 'Né(e) le', 'Rang'],
          ['Karim Haddad-Lemoine', member, '11/04/1983', '1'],
          ['Julie Haddad-Lemoine', partner, '27/08/1985', '1'],
        ],
      },
      {
        t: 'table',
        rows: [
          ['PHAR', 'LABO', 'RADL', 'AUXM', 'HOSP', 'OPTI', 'DENT', 'SAGE'],
          ['100%', '100%', '100%', '100%', 'PEC', 'PEC', 'PEC', '100%'],
        ],
      },
      {
        t: 'p',
        text: 'Professionnels de santé : pour toute prise en charge, appelez le 02 61 91 55 00 ou rendez-vous sur l\u2019espace professionnels. Adhérents : 01 99 00 80 80.',
      },
      {
        t: 'small',
        text: 'Harmonie Mutuelle, mutuelle soumise aux dispositions du livre II du Code de la mutualité, immatriculée au répertoire SIRENE sous le n° 538 518 473, siège social 143 rue Blomet, 75015 Paris.',
      },
    ],
    truth: {
      policy_number: '1047 7281 93',
      insurer: { ref: '538518473', printed: 'Harmonie Mutuelle' },
      start,
      end,
      plate: null,
    },
  };
}

function rightsAttestation(): Paper {
  const start = day(2025, 9, 1);
  const end = day(2026, 8, 31);
  const member = nirFor(2, day(1990, 2, 14), '59', 178, 27);
  return {
    id: 'fr-health-attestation-droits',
    country: 'FR',
    type: 'health',
    style: 'attestation de droits (droits ouverts du … au …)',
    look: { family: 'serif', size: 10.5, margin: 60 },
    blocks: [
      {
        t: 'head',
        left: ['MGEN', '3 square Max-Hymans, 75748 Paris Cedex 15'],
        right: [`Le ${fr.long(day(2025, 9, 4))}`],
      },
      { t: 'title', text: 'Attestation de droits \u2013 complémentaire santé' },
      {
        t: 'p',
        text: `La Mutuelle Générale de l\u2019Éducation Nationale atteste que Mme Anne-Laure Vasseur, professeure des écoles, adhérente sous le numéro 305 541 827, bénéficie de la couverture complémentaire santé MGEN Équilibre. Les droits sont ouverts du ${fr.long(start)} au ${fr.long(end)}.`,
      },
      {
        t: 'kv',
        rows: [
          ['N° de sécurité sociale', member],
          ['Section départementale', 'MGEN du Nord (59)'],
          ['Organisme d\u2019affiliation obligatoire', 'CPAM de Lille-Douai'],
        ],
      },
      {
        t: 'p',
        text: 'Attestation délivrée à la demande de l\u2019intéressée pour faire valoir ce que de droit. Renseignements : 36 76 (service gratuit + prix d\u2019un appel).',
      },
      {
        t: 'small',
        text: 'MGEN, Mutuelle Générale de l\u2019Éducation Nationale, immatriculée sous le numéro SIREN 775 685 399, mutuelle soumise aux dispositions du livre II du Code de la mutualité.',
      },
    ],
    truth: {
      policy_number: '305 541 827',
      insurer: { ref: '775685399', printed: 'Mutuelle Générale de l\u2019Éducation Nationale' },
      start,
      end,
      plate: null,
    },
  };
}

function collectiveContract(): Paper {
  const start = day(2026, 3, 1);
  const end = day(2026, 12, 31);
  return {
    id: 'fr-health-contrat-collectif',
    country: 'FR',
    type: 'health',
    style: 'certificat d\u2019adhésion à un contrat collectif d\u2019entreprise (SIRET)',
    look: { family: 'dejavu', size: 9.5, margin: 52 },
    blocks: [
      { t: 'head', left: ['Malakoff Humanis', '21 rue Laffitte, 75009 Paris'], right: ['Certificat d\u2019adhésion'] },
      { t: 'title', text: 'Complémentaire santé collective obligatoire' },
      {
        t: 'kv',
        rows: [
          ['Entreprise', 'Ateliers Vernet-Chabrol SAS'],
          ['SIRET', '812 447 903 00027'],
          ['Contrat n°', '7741 28 0039'],
          ['Salarié(e)', 'Mme Léa Dumont-Okafor'],
          ['Date d\u2019effet de l\u2019adhésion', fr.slash(start)],
          ['Fin de la période en cours', `${fr.slash(end)}, renouvelable par tacite reconduction`],
          ['Régime', 'Base conventionnelle + option 2, famille'],
        ],
      },
      {
        t: 'p',
        text: 'Cotisation prise en charge à 60 % par l\u2019employeur. Votre carte de tiers payant vous est adressée séparément. Pour vos questions : 01 99 00 64 10.',
      },
      {
        t: 'small',
        text: 'Mutuelle Malakoff Humanis, mutuelle régie par le livre II du Code de la mutualité, SIREN 784 718 256, 21 rue Laffitte, 75009 Paris.',
      },
    ],
    truth: {
      policy_number: '7741 28 0039',
      insurer: { ref: '784718256', printed: 'Mutuelle Malakoff Humanis' },
      start,
      end,
      plate: null,
    },
  };
}

function renewalEmail(): Paper {
  const sent = day(2026, 11, 25);
  const start = day(2027, 1, 1);
  const end = day(2027, 12, 31);
  return {
    id: 'fr-health-renewal-email-prose',
    country: 'FR',
    type: 'health',
    style: 'e-mail de renouvellement, période dans une phrase',
    look: {
      family: 'sans',
      size: 10,
      margin: 42,
      printHeader: [`${fr.slash(sent)} 11:02`, 'Votre couverture santé en 2027'],
      printFooter: ['https://mail.proton.me/u/0/inbox', '{page}'],
    },
    blocks: [
      {
        t: 'kv',
        labelWidth: 60,
        rows: [
          ['De', 'Alan <hello@alan.example>'],
          ['Date', `${fr.long(sent)} à 11:01`],
          ['À', 'hugo.perrin@example.fr'],
          ['Objet', 'Votre couverture santé en 2027'],
        ],
      },
      { t: 'rule' },
      { t: 'p', text: 'Bonjour Hugo,' },
      {
        t: 'p',
        text: `Bonne nouvelle : rien à faire de votre côté. Votre complémentaire santé (contrat n° 48118407) est renouvelée automatiquement et vous couvre du ${fr.long(start)} au ${fr.long(end)}.`,
      },
      {
        t: 'p',
        text: 'Votre cotisation mensuelle passe de 74,30 € à 78,10 €. Vos garanties restent identiques (formule Alan Green). Vos bénéficiaires : vous-même et Maëlle Perrin.',
      },
      { t: 'p', text: 'Une question ? Écrivez-nous depuis l\u2019application, ou appelez le 01 99 00 27 27.' },
      {
        t: 'small',
        text: 'Alan SA, entreprise d\u2019assurance régie par le Code des assurances, au capital de 86 000 000 €, 818 353 070 RCS Paris, 117 quai de Valmy, 75010 Paris.',
      },
    ],
    truth: { policy_number: '48118407', insurer: { ref: '818353070', printed: 'Alan' }, start, end, plate: null },
  };
}

function corsicanCard(): Paper {
  const start = day(2026, 1, 1);
  const end = day(2026, 12, 31);
  const member = nirFor(1, day(1979, 11, 2), '2A', 4, 215);
  return {
    id: 'fr-health-corsican-nir',
    country: 'FR',
    type: 'health',
    style: 'carte mutuelle d\u2019un adhérent né en Corse : le NIR (2A) est le seul numéro de l\u2019assuré',
    look: { family: 'dejavu', size: 9.5, margin: 64 },
    blocks: [
      { t: 'head', left: ['Mutuelle Chirurgicale Médicale Corse', 'Carte de tiers payant 2026'], right: ['Ajaccio'] },
      {
        t: 'kv',
        rows: [
          ['Assuré', 'M. Ghjuvan Petru Santoni, né le 02/11/1979 à Ajaccio'],
          ['N° de sécurité sociale', member],
          ['Organisme complémentaire', 'N° AMC 200 417 336'],
          ['Validité', `${fr.slash(start)} au ${fr.slash(end)}`],
          ['Ayants droit', 'Mme Maria Santoni, Lisandru Santoni'],
        ],
      },
      {
        t: 'table',
        rows: [
          ['PHAR', 'MED', 'RAD', 'HOSP', 'DENT', 'OPT'],
          ['100%', '100%', '100%', 'PEC', 'PEC', 'PEC'],
        ],
      },
      {
        t: 'p',
        text: 'Professionnels de santé : demandes de prise en charge au 04 65 71 20 20, du lundi au vendredi.',
      },
      {
        t: 'small',
        text: 'Mutuelle Chirurgicale Médicale Corse, mutuelle régie par le livre II du Code de la mutualité, SIREN 333 173 128.',
      },
    ],
    truth: {
      policy_number: member,
      insurer: { ref: '333173128', printed: 'Mutuelle Chirurgicale Médicale Corse' },
      start,
      end,
      plate: null,
    },
  };
}
