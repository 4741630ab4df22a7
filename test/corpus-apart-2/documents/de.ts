// German paperwork: a Versicherungsbestätigung with an eVB number before registration, a Nachtrag after a change
// of car, a Grüne Karte, a Beitragsrechnung whose period is only in a sentence, a broker's letter for a season
// plate, an insurer's e-mail, travel cover booked with a trip, yearly and long-stay travel cover, and private
// health papers (employer's certificate, Mitgliedsbescheinigung, a dental policy, a residence-permit
// confirmation, a premium letter). People, streets and agencies are made up; telephone numbers are fictional.
import { Rng, iban, kvnr } from '../../corpus-apart/formats.js';
import { day, de, type Paper } from '../paper.js';

// Decoys with check digits (IBANs, NIRs, a KVNR) come from a seeded generator, restarted on every call so that
// the papers are the same each time they are written.
let rng = new Rng(49_2026);

export function dePapers(): Paper[] {
  rng = new Rng(49_2026);
  return [
    evbConfirmation(),
    changeOfCar(),
    greenCard(),
    premiumNotice(),
    seasonPlateBroker(),
    directInsurerEmail(),
    motorPolicyMultiPage(),
    travelAgencyConfirmation(),
    annualTravel(),
    portalEmail(),
    longStayAbroad(),
    bankTravelCover(),
    employerCertificate(),
    membershipCertificate(),
    dentalPolicy(),
    residencePermitConfirmation(),
    premiumAdjustmentLetter(),
  ];
}

function evbConfirmation(): Paper {
  const start = day(2026, 3, 1);
  const end = day(2027, 1, 1);
  const written = day(2026, 2, 17);
  return {
    id: 'de-motor-evb',
    country: 'DE',
    type: 'motor',
    style: 'Versicherungsbestätigung with an eVB number, no plate yet',
    look: { family: 'sans', size: 10, margin: 56 },
    blocks: [
      {
        t: 'head',
        left: ['HUK-COBURG', 'Bahnhofsplatz, 96444 Coburg'],
        right: [`Coburg, ${de.dot(written)}`, 'Telefon 09561 96-0 (Zentrale)'],
      },
      { t: 'p', text: 'Herrn\nMalte Grünewald\nIm Hasengrund 7\n35394 Gießen' },
      { t: 'title', text: 'Versicherungsbestätigung für die Zulassungsbehörde' },
      {
        t: 'p',
        text: 'Sehr geehrter Herr Grünewald,\nfür Ihr neues Fahrzeug haben wir Ihnen vorläufigen Deckungsschutz in der Kfz-Haftpflichtversicherung gewährt. Bitte geben Sie bei der Zulassung die folgende eVB-Nummer an:',
      },
      {
        t: 'kv',
        rows: [
          ['eVB-Nummer', 'K4T7QX2'],
          ['Vertragsnummer', '512 348 271 6'],
          ['Fahrzeug', 'Opel Astra Sports Tourer, FIN W0V5EAP01PJ034118'],
          ['Amtliches Kennzeichen', 'wird bei der Zulassung zugeteilt'],
          ['Versicherungsbeginn', de.dot(start)],
          ['Ablauf', `${de.dot(end)} (verlängert sich jeweils um ein Jahr)`],
          ['Schadenfreiheitsklasse', 'Haftpflicht SF 7, Vollkasko SF 5'],
        ],
      },
      {
        t: 'p',
        text: 'Das Kennzeichen teilt uns die Zulassungsstelle direkt mit; Sie erhalten danach Ihren Versicherungsschein.',
      },
      {
        t: 'small',
        text: 'HUK-COBURG Haftpflicht-Unterstützungs-Kasse kraftfahrender Beamter Deutschlands a. G. in Coburg, Bahnhofsplatz, 96444 Coburg. Vorstand: Klaus-Jürgen Heitmann (Sprecher). Registergericht Coburg, HRB 100 (fiktive Angabe). Aufsicht: Bundesanstalt für Finanzdienstleistungsaufsicht.',
      },
    ],
    truth: {
      policy_number: '512 348 271 6',
      insurer: {
        ref: '5375',
        printed: 'HUK-COBURG Haftpflicht-Unterstützungs-Kasse kraftfahrender Beamter Deutschlands a. G. in Coburg',
      },
      start,
      end,
      plate: null,
    },
  };
}

function changeOfCar(): Paper {
  const start = day(2026, 1, 1);
  const end = day(2027, 1, 1);
  const change = day(2026, 7, 15);
  return {
    id: 'de-motor-nachtrag',
    country: 'DE',
    type: 'motor',
    style: 'Nachtrag: Fahrzeugwechsel, altes und neues Kennzeichen',
    look: { family: 'serif', size: 10, margin: 54 },
    blocks: [
      {
        t: 'head',
        left: ['Allianz', 'Allianz Versicherungs-AG, 10900 Berlin'],
        right: ['Servicetelefon 0800 4 100 104', `Datum: ${de.dot(change)}`],
      },
      { t: 'title', text: 'Nachtrag zum Versicherungsschein AS-7720418553' },
      {
        t: 'p',
        text: 'Sehr geehrte Frau Wiśniewski-Roth,\nwir haben Ihren Vertrag wegen eines Fahrzeugwechsels geändert. Dieser Nachtrag ersetzt die bisherigen Angaben zum versicherten Fahrzeug ab dem Änderungsdatum.',
      },
      {
        t: 'kv',
        rows: [
          ['Versicherungsnehmerin', 'Agnieszka Wiśniewski-Roth, Lindwurmstraße 88, 80337 München'],
          ['Versicherungsschein-Nr.', 'AS-7720418553'],
          ['Vertragslaufzeit', `${de.dot(start)} bis ${de.dot(end)}`],
          ['Änderung zum', de.dot(change)],
        ],
      },
      {
        t: 'table',
        rows: [
          ['', 'bisher', 'neu'],
          ['Kennzeichen', 'FS-RL 212', 'M-KT 8830E'],
          ['Fahrzeug', 'Ford Fiesta 1.0 EcoBoost', 'Hyundai Kona Elektro'],
          ['Typschlüssel (HSN/TSN)', '8566 / BHX', '8252 / BKF'],
        ],
      },
      {
        t: 'p',
        text: 'Das bisherige Fahrzeug FS-RL 212 ist ab dem Änderungsdatum nicht mehr versichert. Der Beitrag für das neue Fahrzeug beträgt ab dem Änderungsdatum 43,17 EUR monatlich.',
      },
      {
        t: 'small',
        text: 'Allianz Versicherungs-AG, Königinstraße 28, 80802 München. Sitz der Gesellschaft: München, Registergericht: München HRB 75727. USt-IdNr. DE 129 274 113 (fiktiv).',
      },
    ],
    truth: {
      policy_number: 'AS-7720418553',
      insurer: { ref: '5312', printed: 'Allianz Versicherungs-AG' },
      start,
      end,
      plate: 'M-KT 8830E',
    },
  };
}

function greenCard(): Paper {
  const start = day(2026, 1, 1);
  const end = day(2026, 12, 31);
  return {
    id: 'de-motor-green-card',
    country: 'DE',
    type: 'motor',
    style: 'Internationale Versicherungskarte (Grüne Karte)',
    look: { family: 'condensed', size: 9, margin: 40 },
    blocks: [
      { t: 'title', text: 'Internationale Versicherungskarte für Kraftverkehr / International Motor Insurance Card' },
      {
        t: 'small',
        text: 'Ausgegeben mit Genehmigung des Deutschen Büros Grüne Karte e.V., Wilhelmstraße 43/43G, 10117 Berlin',
      },
      {
        t: 'table',
        rows: [
          ['1. Gültig vom / Valid from', 'bis / to', '2. Länderkennzeichen / Versicherer-Code / Nummer'],
          [de.dot(start), de.dot(end), 'D / 137 / 41 088 203 7'],
          ['3. Kennzeichen / Registration', '4. Kategorie', '5. Marke / Make'],
          ['K-DV 3187', 'A (Pkw)', 'Mercedes-Benz'],
        ],
      },
      {
        t: 'mono',
        lines: [
          '6. A  AL  AND  B  BG  BIH  CH  CY  CZ  D  DK  E  EST  F  FIN  GB  GR',
          '   H  HR  I  IRL  IS  L  LT  LV  M  MD  MK  MNE  N  NL  P  PL  RO',
          '   S  SK  SLO  SRB  TN  TR  UA',
        ],
      },
      {
        t: 'kv',
        rows: [
          ['7. Versicherungsnehmer', 'Dr. Konstantin Papadopoulos, Venloer Str. 301, 50823 Köln'],
          ['Versicherungsnummer', '60 231 447 9'],
          ['8. Ausgestellt von', 'DEVK Allgemeine Versicherungs-AG, Riehler Straße 190, 50735 Köln'],
          ['Schadenruf aus dem Ausland', '+49 221 9518-7700'],
        ],
      },
    ],
    truth: {
      policy_number: '60 231 447 9',
      insurer: { ref: '5513', printed: 'DEVK Allgemeine Versicherungs-AG' },
      start,
      end,
      plate: 'K-DV 3187',
    },
  };
}

function premiumNotice(): Paper {
  const written = day(2026, 11, 6);
  const start = day(2027, 1, 1);
  const end = day(2028, 1, 1);
  const account = iban(rng, 'DE');
  return {
    id: 'de-motor-premium-notice-prose',
    country: 'DE',
    type: 'motor',
    style: 'Beitragsrechnung, Zeitraum nur im Satz',
    look: { family: 'dejavu', size: 9.5, margin: 58 },
    blocks: [
      {
        t: 'head',
        left: ['VHV Versicherungen', 'VHV-Platz 1, 30177 Hannover'],
        right: [`Hannover, ${de.long(written)}`, 'Kundenservice 0511 907-0'],
      },
      { t: 'p', text: 'Frau\nHenrike Oltmanns-Bakır\nAm Lindenhofe 12\n30519 Hannover' },
      { t: 'h', text: 'Ihre Kfz-Versicherung für das Jahr 2027 \u2013 Beitragsrechnung' },
      {
        t: 'p',
        text: `Sehr geehrte Frau Oltmanns-Bakır,\nvielen Dank für Ihr Vertrauen. Ihr Vertrag Nr. 7841 0062 35 für den VW Touran mit dem amtlichen Kennzeichen H-VH 2290 verlängert sich am ${de.long(start)} um ein weiteres Jahr und läuft dann bis zum ${de.long(end)}.`,
      },
      {
        t: 'table',
        rows: [
          ['Sparte', 'SF-Klasse', 'Jahresbeitrag'],
          ['Kfz-Haftpflicht', 'SF 18', '287,40 EUR'],
          ['Teilkasko', '\u2013', '96,15 EUR'],
          ['Gesamt (inkl. 19 % VersSt)', '', '383,55 EUR'],
        ],
      },
      {
        t: 'p',
        text: `Den Beitrag buchen wir zum Fälligkeitstag von Ihrem Konto ${account} ab (Gläubiger-Identifikationsnummer DE71ZZZ00000123456, Mandatsreferenz VHV-M-0098213).`,
      },
      { t: 'p', text: 'Mit freundlichen Grüßen\nIhre VHV' },
      {
        t: 'small',
        text: 'VHV Allgemeine Versicherung AG, VHV-Platz 1, 30177 Hannover. Registergericht Hannover HRB 57331. Versicherungsteuer-Nr. 802/V90802001234 (fiktiv).',
      },
    ],
    truth: {
      policy_number: '7841 0062 35',
      insurer: { ref: '5862', printed: 'VHV Allgemeine Versicherung AG' },
      start,
      end,
      plate: 'H-VH 2290',
    },
  };
}

function seasonPlateBroker(): Paper {
  const written = day(2026, 3, 4);
  const start = day(2026, 3, 15);
  const end = day(2027, 1, 1);
  return {
    id: 'de-motor-broker-season-plate',
    country: 'DE',
    type: 'motor',
    style: 'Maklerschreiben mit IHK-Registernummer, Saisonkennzeichen',
    look: { family: 'serif', size: 10.5, margin: 60 },
    blocks: [
      {
        t: 'head',
        left: ['Störtebeker Versicherungsmakler GmbH', 'Großer Burstah 19, 20457 Hamburg'],
        right: ['Tel. 040 30 98 71-0', 'Fax 040 30 98 71-99', `Hamburg, den ${de.dot(written)}`],
      },
      { t: 'p', text: 'Herrn\nJannik Thordsen\nEppendorfer Weg 204\n20253 Hamburg' },
      { t: 'p', text: 'Ihre Motorradversicherung bei der Itzehoer\nVersicherungsnummer 27-4418830' },
      {
        t: 'p',
        text: `Moin Herr Thordsen,\nwie besprochen haben wir Ihre Honda CB650R bei der Itzehoer Versicherung eingedeckt. Der Vertrag beginnt am ${de.dot(start)} und läuft zunächst bis zum ${de.dot(end)}; danach verlängert er sich jeweils um ein Jahr, wenn er nicht drei Monate vorher gekündigt wird.`,
      },
      {
        t: 'p',
        text: 'Das Motorrad ist auf das Saisonkennzeichen HH-JT 77 (Saison 04\u201310) zugelassen. Außerhalb der Saison besteht Ruheversicherung in der Teilkasko, solange das Motorrad in Ihrer Garage steht.',
      },
      {
        t: 'p',
        text: 'Den Versicherungsschein erhalten Sie direkt vom Versicherer. Für Rückfragen erreichen Sie uns unter 040 30 98 71-0 oder per E-Mail.',
      },
      { t: 'p', text: 'Mit freundlichen Grüßen\n\nFrauke Ahlers\nVersicherungsmaklerin' },
      {
        t: 'small',
        text: 'Störtebeker Versicherungsmakler GmbH, Amtsgericht Hamburg HRB 148822, Geschäftsführerin Frauke Ahlers. Eingetragen im Vermittlerregister der DIHK als Versicherungsmakler mit Erlaubnis nach § 34d Abs. 1 GewO, Registernummer D-7Q4K-HB2RN-61 (www.vermittlerregister.info). Versicherer: Itzehoer Versicherung/Brandgilde von 1691 Versicherungsverein auf Gegenseitigkeit, Hansestraße 1, 25524 Itzehoe.',
      },
    ],
    truth: {
      policy_number: '27-4418830',
      insurer: {
        ref: '5401',
        printed: 'Itzehoer Versicherung/Brandgilde von 1691 Versicherungsverein auf Gegenseitigkeit',
      },
      start,
      end,
      plate: 'HH-JT 77',
    },
  };
}

function directInsurerEmail(): Paper {
  const sent = day(2026, 5, 9);
  const start = day(2026, 5, 12);
  const end = day(2027, 1, 1);
  return {
    id: 'de-motor-email',
    country: 'DE',
    type: 'motor',
    style: 'E-Mail eines Direktversicherers, als PDF gedruckt',
    look: {
      family: 'sans',
      size: 10,
      margin: 42,
      printHeader: [`${de.dot(sent)}, 14:21`, 'Ihr Versicherungsschein ist da'],
      printFooter: ['https://web.de/mail/client/mail/detail', 'Seite {page}'],
    },
    blocks: [
      {
        t: 'kv',
        labelWidth: 70,
        rows: [
          ['Von', 'HUK24 <service@huk24.example>'],
          ['An', 'lea.schwarzkopf@example.de'],
          ['Datum', `${de.dayLong(sent)}, 14:20`],
          ['Betreff', 'Ihr Versicherungsschein ist da'],
        ],
      },
      { t: 'rule' },
      {
        t: 'p',
        text: 'Hallo Frau Schwarzkopf,\nschön, dass Sie sich für HUK24 entschieden haben. Ihren Versicherungsschein finden Sie ab sofort in Ihrem Postfach auf meinHUK24.',
      },
      {
        t: 'kv',
        rows: [
          ['Ihr Vertrag', 'Kfz-Versicherung Nr. 530 771 048 2'],
          ['Fahrzeug', 'Fiat 500 Hybrid, B-QR 7104'],
          ['Beginn', de.dot(start)],
          ['Ende der Laufzeit', `${de.dot(end)}, danach jährliche Verlängerung`],
          ['Jahresbeitrag', '412,86 EUR'],
        ],
      },
      { t: 'p', text: 'Ihr Kundenkonto: 90018834. Bei Fragen erreichen Sie uns über das Kontaktformular.' },
      {
        t: 'small',
        text: 'HUK24 AG, Willi-Hussong-Straße 2, 96444 Coburg. Registergericht Coburg HRB 3800 (fiktiv). Diese E-Mail wurde automatisch erstellt.',
      },
    ],
    truth: {
      policy_number: '530 771 048 2',
      insurer: { ref: '5086', printed: 'HUK24 AG' },
      start,
      end,
      plate: 'B-QR 7104',
    },
  };
}

function travelAgencyConfirmation(): Paper {
  const booked = day(2026, 2, 24);
  const depart = day(2026, 6, 13);
  const back = day(2026, 6, 27);
  return {
    id: 'de-travel-agency',
    country: 'DE',
    type: 'travel',
    style: 'Versicherungsbestätigung im Reisebüro: Reisezeitraum, Buchungsdatum, Vorgangsnummer',
    look: { family: 'dejavu', size: 9.5, margin: 50 },
    blocks: [
      {
        t: 'head',
        left: ['Reisebüro Sonnenweg', 'Marktplatz 3, 69117 Heidelberg \u2022 Tel. 06221 90 41 55'],
        right: [`Vorgang 3317-204518`, `Gebucht am ${de.dot(booked)}`],
      },
      { t: 'title', text: 'Versicherungsbestätigung \u2013 RundumSorglos-Schutz mit Selbstbeteiligung' },
      {
        t: 'kv',
        rows: [
          ['Versicherungsnummer', 'RV 4417 8820'],
          ['Versicherer', 'ERGO Reiseversicherung AG'],
          ['Versicherte Personen', 'Familie Hoffmann-Adeyemi (2 Erwachsene, 2 Kinder)'],
          ['Reiseziel', 'Mallorca, Spanien'],
          ['Reisebeginn', de.dot(depart)],
          ['Reiseende', de.dot(back)],
          ['Reisepreis', '4.318,00 EUR'],
          ['Prämie', '171,00 EUR (inkl. VersSt)'],
        ],
      },
      {
        t: 'p',
        text: 'Der Versicherungsschutz für die Reiserücktrittsversicherung beginnt mit Abschluss des Vertrages am Buchungstag. Alle übrigen Leistungen gelten für die Dauer der Reise.',
      },
      {
        t: 'p',
        text: 'Notruf-Service 24 Stunden: +49 89 4166-1766. Schadenmeldung online oder telefonisch 089 4166-1660.',
      },
      {
        t: 'small',
        text: 'Versicherer: ERGO Reiseversicherung AG, Thomas-Dehler-Straße 2, 81737 München. Registergericht München HRB 42000 (fiktiv). Reisebüro Sonnenweg ist als gebundener Versicherungsvermittler nach § 34d Abs. 7 GewO tätig, IHK-Registernummer D-H7LT-3RC9Q-27.',
      },
    ],
    truth: {
      policy_number: 'RV 4417 8820',
      insurer: { ref: '5356', printed: 'ERGO Reiseversicherung AG' },
      start: depart,
      end: back,
      plate: null,
    },
  };
}

function annualTravel(): Paper {
  const start = day(2026, 3, 1);
  const end = day(2027, 2, 28);
  return {
    id: 'de-travel-annual',
    country: 'DE',
    type: 'travel',
    style: 'Jahres-Reiseversicherung, Versicherungsschein',
    look: { family: 'sans', size: 10, margin: 54 },
    blocks: [
      { t: 'head', left: ['HanseMerkur', 'Siegfried-Wedells-Platz 1, 20354 Hamburg'], right: ['Versicherungsschein'] },
      { t: 'title', text: 'Jahres-Reiseschutz Premium (Familie)' },
      {
        t: 'kv',
        rows: [
          ['Versicherungsnummer', 'AJ 1093 447 21'],
          ['Versicherungsnehmer', 'Tomasz Kowalczyk'],
          ['Mitversichert', 'Ewa Kowalczyk, Zofia Kowalczyk'],
          ['Versicherungszeitraum', `${de.dot(start)} \u2013 ${de.dot(end)}`],
          ['Geltungsbereich', 'weltweit'],
          ['Reisedauer je Reise', 'bis 56 Tage'],
          ['Jahresbeitrag', '149,00 EUR'],
        ],
      },
      {
        t: 'p',
        text: 'Der Vertrag verlängert sich jeweils um ein Jahr, wenn er nicht spätestens einen Monat vor Ablauf gekündigt wird.',
      },
      { t: 'p', text: 'Im Notfall: HanseMerkur Notruf +49 40 5555 7877 (rund um die Uhr).' },
      {
        t: 'small',
        text: 'HanseMerkur Reiseversicherung AG, Siegfried-Wedells-Platz 1, 20354 Hamburg. Amtsgericht Hamburg HRB 17352.',
      },
    ],
    truth: {
      policy_number: 'AJ 1093 447 21',
      insurer: { ref: '5496', printed: 'HanseMerkur Reiseversicherung AG' },
      start,
      end,
      plate: null,
    },
  };
}

function portalEmail(): Paper {
  const sent = day(2026, 4, 2);
  const depart = day(2026, 8, 7);
  const back = day(2026, 8, 16);
  return {
    id: 'de-travel-portal-email',
    country: 'DE',
    type: 'travel',
    style: 'E-Mail eines Reiseportals mit Buchungsnummer; Reisezeitraum im Satz',
    look: {
      family: 'dejavu',
      size: 9.5,
      margin: 40,
      printHeader: ['Posteingang \u2013 Buchungsbestätigung 71402298', ''],
      printFooter: ['https://mail.example.de/inbox/71402298', '{page}'],
    },
    blocks: [
      {
        t: 'kv',
        labelWidth: 72,
        rows: [
          ['Von:', 'Fernweh24 <buchung@fernweh24.example>'],
          ['Gesendet:', `${de.dot(sent)} 19:05`],
          ['An:', 'familie.ozturk@example.de'],
          ['Betreff:', 'Ihre Buchung 71402298 \u2013 Versicherungsschutz'],
        ],
      },
      { t: 'rule' },
      { t: 'p', text: 'Liebe Familie Öztürk,' },
      {
        t: 'p',
        text: `vielen Dank für Ihre Buchung (Buchungsnummer 71402298, Flug und Hotel nach Antalya). Sie haben dazu das Reiseschutz-Paket gewählt. Versichert ist Ihre Reise vom ${de.dayLong(depart)} bis ${de.dayLong(back)}; der Rücktrittsschutz gilt bereits ab heute.`,
      },
      {
        t: 'kv',
        rows: [
          ['Versicherungsnummer', 'URV-2026-5518403'],
          ['Versicherer', 'Union Reiseversicherung AG, München'],
          ['Prämie', '89,90 EUR'],
        ],
      },
      {
        t: 'p',
        text: 'Notruf im Ausland: +49 89 2160-3099. Ihre Reiseunterlagen erhalten Sie etwa zwei Wochen vor Abreise.',
      },
      {
        t: 'small',
        text: 'Fernweh24 ist ein Angebot der Fernweh Touristik GmbH, Amtsgericht Köln HRB 98112; Fernweh24 vermittelt den Versicherungsschutz als Annexvermittler (§ 34d Abs. 6 GewO). Versicherer ist die Union Reiseversicherung AG, Maximilianstraße 53, 80530 München. Hotline 0221 828 94 40.',
      },
    ],
    truth: {
      policy_number: 'URV-2026-5518403',
      insurer: { ref: '5094', printed: 'Union Reiseversicherung AG' },
      start: depart,
      end: back,
      plate: null,
    },
  };
}

function longStayAbroad(): Paper {
  const depart = day(2026, 10, 1);
  const back = day(2027, 9, 30);
  return {
    id: 'de-travel-long-stay',
    country: 'DE',
    type: 'travel',
    style: 'Langzeit-Auslandskrankenschutz mit Mitgliedsnummer als Köder',
    look: { family: 'condensed', size: 9.5, margin: 52 },
    blocks: [
      { t: 'head', left: ['ADAC', 'Hansastraße 19, 80686 München'], right: ['Versicherungsbestätigung'] },
      { t: 'title', text: 'Auslands-Krankenschutz Langzeit (Work & Travel)' },
      {
        t: 'kv',
        rows: [
          ['Versicherte Person', 'Nele Brandstetter, geb. 17.03.2005'],
          ['ADAC-Mitgliedsnummer', '274 118 553'],
          ['Vertragsnummer', '8107 5520 6431'],
          ['Reiseland', 'Australien, Neuseeland'],
          ['Reisezeitraum', `${de.dot(depart)} bis ${de.dot(back)}`],
          ['Reisepass-Nr.', 'C7RX2LT49'],
        ],
      },
      {
        t: 'p',
        text: 'Diese Bestätigung kann zur Vorlage bei Behörden und Arbeitgebern im Reiseland verwendet werden. Versicherungsschutz besteht für Heilbehandlungen im Ausland einschließlich des medizinisch sinnvollen Rücktransports.',
      },
      { t: 'p', text: 'ADAC Ambulanz-Service: +49 89 22 22 22 (rund um die Uhr).' },
      {
        t: 'small',
        text: 'Versicherer: ADAC Versicherung AG, Hansastraße 19, 80686 München, Amtsgericht München HRB 104143. Der Allgemeine Deutsche Automobil-Club e.V. ist nicht Versicherer.',
      },
    ],
    truth: {
      policy_number: '8107 5520 6431',
      insurer: { ref: '5498', printed: 'ADAC Versicherung AG' },
      start: depart,
      end: back,
      plate: null,
    },
  };
}

function bankTravelCover(): Paper {
  const written = day(2026, 9, 8);
  const depart = day(2026, 10, 3);
  const back = day(2026, 10, 24);
  return {
    id: 'de-travel-bank-card',
    country: 'DE',
    type: 'travel',
    style: 'Reiseschutz einer Bankkarte: Bankname ist nicht der Versicherer',
    look: { family: 'serif', size: 10.5, margin: 60 },
    blocks: [
      {
        t: 'head',
        left: ['Volksbank Mittelhessen eG', 'Schiffenberger Weg 110, 35394 Gießen'],
        right: [`Gießen, ${de.dot(written)}`],
      },
      { t: 'p', text: 'Herrn\nBernhard Ostrowski\nWeserstraße 7\n35390 Gießen' },
      { t: 'h', text: 'Bestätigung Ihres Reiseschutzes aus der Kreditkarte Gold' },
      {
        t: 'p',
        text: `Sehr geehrter Herr Ostrowski,\ngern bestätigen wir Ihnen, dass für Ihre Reise nach Kanada vom ${de.long(depart)} bis zum ${de.long(back)} Versicherungsschutz aus dem Reiseschutz Ihrer Kreditkarte Gold besteht (Reisekranken-, Reiserücktritts- und Reisegepäckversicherung).`,
      },
      {
        t: 'kv',
        rows: [
          ['Kartennummer', '5232 **** **** 4408'],
          ['Gruppenversicherungsvertrag', 'RV-KK 55 0918 440'],
          ['Versicherer', 'R+V Allgemeine Versicherung AG, Raiffeisenplatz 1, 65189 Wiesbaden'],
        ],
      },
      {
        t: 'p',
        text: 'Im Schadenfall wenden Sie sich bitte direkt an den Versicherer, Telefon 0611 533-0, unter Angabe der Vertragsnummer.',
      },
      { t: 'p', text: 'Freundliche Grüße\nIhre Volksbank Mittelhessen' },
      {
        t: 'small',
        text:
          'Volksbank Mittelhessen eG, Amtsgericht Gießen GnR 400 (fiktiv). IBAN für Rückfragen zu Kartenumsätzen: ' +
          iban(rng, 'DE'),
      },
    ],
    truth: {
      policy_number: 'RV-KK 55 0918 440',
      insurer: { ref: '5438', printed: 'R+V Allgemeine Versicherung AG' },
      start: depart,
      end: back,
      plate: null,
    },
  };
}

function employerCertificate(): Paper {
  const since = day(2019, 4, 1);
  const written = day(2026, 1, 12);
  return {
    id: 'de-health-employer-certificate',
    country: 'DE',
    type: 'health',
    style: 'Arbeitgeberbescheinigung nach § 257 SGB V (unbefristet)',
    look: { family: 'sans', size: 10, margin: 56 },
    blocks: [
      {
        t: 'head',
        left: ['Debeka', 'Ferdinand-Sauerbruch-Straße 18, 56058 Koblenz'],
        right: [`Koblenz, ${de.dot(written)}`, 'Telefon 0261 498-0'],
      },
      { t: 'title', text: 'Bescheinigung zur Vorlage beim Arbeitgeber' },
      {
        t: 'small',
        text: 'für den Zuschuss zum Beitrag zur privaten Kranken- und Pflegeversicherung (§ 257 SGB V, § 61 SGB XI)',
      },
      {
        t: 'kv',
        rows: [
          ['Versicherte Person', 'Dr. Ingrid Valkenburg-Seidel, geb. 08.11.1971'],
          ['Versicherungs-Nr.', '8442 1073'],
          ['Versichert seit', de.dot(since)],
          ['Monatlicher Beitrag Krankenversicherung', '612,48 EUR'],
          ['Monatlicher Beitrag Pflegepflichtversicherung', '58,31 EUR'],
          ['Gültig ab', de.dot(day(2026, 1, 1))],
        ],
      },
      {
        t: 'p',
        text: 'Wir bestätigen, dass die versicherte Person bei uns eine substitutive Krankenversicherung abgeschlossen hat, die nach Art der Lebensversicherung betrieben wird, und dass der Vertrag ungekündigt besteht.',
      },
      {
        t: 'small',
        text: 'Debeka Krankenversicherungsverein auf Gegenseitigkeit Sitz Koblenz am Rhein, Ferdinand-Sauerbruch-Straße 18, 56058 Koblenz. Registergericht Koblenz HRB 1000 (fiktiv).',
      },
    ],
    truth: {
      policy_number: '8442 1073',
      insurer: { ref: '4028', printed: 'Debeka Krankenversicherungsverein auf Gegenseitigkeit Sitz Koblenz am Rhein' },
      start: since,
      end: null,
      plate: null,
    },
  };
}

function membershipCertificate(): Paper {
  const since = day(2024, 10, 1);
  const written = day(2026, 9, 29);
  return {
    id: 'de-health-mitgliedsbescheinigung',
    country: 'DE',
    type: 'health',
    style: 'Mitgliedsbescheinigung eines Versicherungsvereins (Studium)',
    look: { family: 'serif', size: 10.5, margin: 62 },
    blocks: [
      { t: 'head', left: ['Continentale', 'Ruhrallee 92, 44139 Dortmund'], right: [`Dortmund, ${de.long(written)}`] },
      { t: 'title', text: 'Mitgliedsbescheinigung' },
      {
        t: 'p',
        text: 'zur Vorlage bei der Hochschule (Befreiung von der Versicherungspflicht in der gesetzlichen Krankenversicherung)',
      },
      {
        t: 'p',
        text: `Hiermit bescheinigen wir, dass Herr Emil Szabó-Lindgren, geboren am 22.06.2003, seit dem ${de.long(since)} Mitglied unseres Vereins und bei uns in einem Tarif der Krankheitskostenvollversicherung versichert ist. Die Versicherung besteht derzeit ungekündigt fort.`,
      },
      {
        t: 'kv',
        rows: [
          ['Versicherungsnummer', 'KV 55 301 772'],
          ['Tarif', 'Comfort Student, Selbstbehalt 300 EUR'],
          ['Matrikelnummer (laut Antrag)', '3184472'],
        ],
      },
      { t: 'p', text: 'Bei Rückfragen erreichen Sie uns unter 0231 919-0.' },
      {
        t: 'small',
        text: 'Continentale Krankenversicherung a.G., Ruhrallee 92, 44139 Dortmund. Amtsgericht Dortmund HRB 2000 (fiktiv).',
      },
    ],
    truth: {
      policy_number: 'KV 55 301 772',
      insurer: { ref: '4001', printed: 'Continentale Krankenversicherung a.G.' },
      start: since,
      end: null,
      plate: null,
    },
  };
}

function dentalPolicy(): Paper {
  const start = day(2026, 5, 1);
  const end = day(2027, 12, 31);
  return {
    id: 'de-health-dental-policy',
    country: 'DE',
    type: 'health',
    style: 'Versicherungsschein Zahnzusatzversicherung, zwei Seiten',
    look: {
      family: 'dejavu',
      size: 9.5,
      margin: 50,
      printFooter: ['ERGO Krankenversicherung AG \u2013 Versicherungsschein ZZ 4410 55 802', 'Seite {page}'],
    },
    blocks: [
      {
        t: 'head',
        left: ['ERGO', 'ERGO-Platz 1, 40477 Düsseldorf'],
        right: ['Versicherungsschein', `Ausgestellt am ${de.dot(day(2026, 4, 22))}`],
      },
      { t: 'title', text: 'Zahnzusatzversicherung Dental-Schutz' },
      {
        t: 'kv',
        rows: [
          ['Versicherungsschein-Nr.', 'ZZ 4410 55 802'],
          ['Versicherungsnehmer', 'Yusuf Demirtaş, Ackerstraße 41, 40233 Düsseldorf'],
          ['Versicherungsbeginn', de.dot(start)],
          ['Vertragsdauer', `bis ${de.dot(end)}; danach verlängert sich der Vertrag jeweils um ein Jahr`],
          ['Monatsbeitrag', '27,90 EUR'],
        ],
      },
      {
        t: 'table',
        rows: [
          ['Leistung', 'Erstattung'],
          ['Zahnersatz', '90 % (inkl. Vorleistung der GKV)'],
          ['Professionelle Zahnreinigung', 'bis 150 EUR je Jahr'],
          ['Kieferorthopädie (Kinder)', '80 %'],
        ],
      },
      { t: 'page' },
      { t: 'h', text: 'Wartezeiten und Leistungsbegrenzung' },
      {
        t: 'p',
        text: 'Es gelten keine Wartezeiten. In den ersten vier Kalenderjahren ist die Erstattung für Zahnersatz begrenzt: im ersten Jahr auf 1.000 EUR, in den ersten beiden Jahren auf 2.000 EUR, in den ersten drei auf 3.000 EUR, in den ersten vier auf 4.000 EUR.',
      },
      { t: 'h', text: 'Beitragszahlung' },
      { t: 'p', text: `Lastschrift von ${iban(rng, 'DE')}. Kundenservice 0800 3746 000 (fiktiv).` },
      {
        t: 'small',
        text: 'Versicherer: ERGO Krankenversicherung AG, ERGO-Platz 1, 40477 Düsseldorf. Sitz Fürth, Registergericht Fürth HRB 2000 (fiktiv).',
      },
    ],
    truth: {
      policy_number: 'ZZ 4410 55 802',
      insurer: { ref: '4126', printed: 'ERGO Krankenversicherung AG' },
      start,
      end,
      plate: null,
    },
  };
}

function residencePermitConfirmation(): Paper {
  const start = day(2026, 2, 1);
  const end = day(2028, 1, 31);
  const number = kvnr(rng);
  return {
    id: 'de-health-residence-permit',
    country: 'DE',
    type: 'health',
    style: 'Versicherungsbestätigung zur Vorlage bei der Ausländerbehörde (KVNR als Nummer)',
    look: { family: 'sans', size: 10, margin: 54 },
    blocks: [
      { t: 'head', left: ['ottonova', 'Ottostraße 4, 80333 München'], right: [`München, ${de.dot(day(2026, 1, 20))}`] },
      { t: 'title', text: 'Versicherungsbestätigung zur Vorlage bei der Ausländerbehörde' },
      {
        t: 'p',
        text: 'Wir bestätigen, dass die unten genannte Person bei uns eine private Krankheitskostenvollversicherung mit Pflegepflichtversicherung abgeschlossen hat. Der Versicherungsschutz entspricht den Anforderungen des § 2 Abs. 3 AufenthG.',
      },
      {
        t: 'kv',
        rows: [
          ['Name', 'Priyanka Raghunathan'],
          ['Geburtsdatum', '04.09.1996'],
          ['Krankenversichertennummer', number],
          ['Versicherungsschutz von', de.dot(start)],
          ['Versicherungsschutz bis', de.dot(end)],
          ['Selbstbehalt', '500 EUR je Kalenderjahr'],
        ],
      },
      {
        t: 'p',
        text: 'Die Versicherung ist für die Dauer des Aufenthalts befristet. Reisepass-Nr. laut Antrag: Z4021197.',
      },
      {
        t: 'small',
        text: 'ottonova Krankenversicherung AG, Ottostraße 4, 80333 München. Amtsgericht München HRB 226521 (fiktiv). Telefon 089 12 14 07 12 (fiktiv).',
      },
    ],
    truth: {
      policy_number: number,
      insurer: { ref: '4146', printed: 'ottonova Krankenversicherung AG' },
      start,
      end,
      plate: null,
    },
  };
}

function premiumAdjustmentLetter(): Paper {
  const since = day(2015, 7, 1);
  const written = day(2026, 11, 18);
  return {
    id: 'de-health-premium-letter-prose',
    country: 'DE',
    type: 'health',
    style: 'Beitragsanpassung, Beginn nur im Satz, kein Ende',
    look: { family: 'serif', size: 10, margin: 60 },
    blocks: [
      {
        t: 'head',
        left: ['HALLESCHE Krankenversicherung', 'Reinsburgstraße 10, 70178 Stuttgart'],
        right: [`Stuttgart, ${de.long(written)}`],
      },
      { t: 'p', text: 'Frau\nCornelia Abendroth\nSchwabstraße 140\n70193 Stuttgart' },
      { t: 'p', text: 'Versicherungsnummer 11.832.556-01\nIhre Beiträge ab dem 1. Januar 2027' },
      {
        t: 'p',
        text: `Sehr geehrte Frau Abendroth,\nSie sind seit dem ${de.long(since)} bei uns krankenversichert, und wir danken Ihnen für Ihre langjährige Treue. Wie jedes Jahr haben wir die Leistungsausgaben unserer Tarife mit den kalkulierten verglichen. Für Ihren Tarif NK.select L ergibt sich eine Anpassung: Ihr Monatsbeitrag steigt ab dem 1. Januar 2027 von 498,20 EUR auf 531,75 EUR.`,
      },
      {
        t: 'p',
        text: 'Die Gründe und die maßgeblichen Rechnungsgrundlagen erläutern wir im beiliegenden Informationsblatt. Sie können Ihren Versicherungsschutz auch anpassen; unser Tarifwechsel-Service berät Sie unter 0711 6603-0.',
      },
      { t: 'p', text: 'Mit freundlichen Grüßen\nHALLESCHE Krankenversicherung auf Gegenseitigkeit' },
      {
        t: 'small',
        text: 'HALLESCHE Krankenversicherung auf Gegenseitigkeit, Reinsburgstraße 10, 70178 Stuttgart. Amtsgericht Stuttgart HRB 3000 (fiktiv).',
      },
    ],
    truth: {
      policy_number: '11.832.556-01',
      insurer: { ref: '4043', printed: 'HALLESCHE Krankenversicherung auf Gegenseitigkeit' },
      start: since,
      end: null,
      plate: null,
    },
  };
}

function motorPolicyMultiPage(): Paper {
  const start = day(2026, 4, 1);
  const end = day(2027, 1, 1);
  const issued = day(2026, 3, 24);
  return {
    id: 'de-motor-policy-multipage',
    country: 'DE',
    type: 'motor',
    style: 'Versicherungsschein Kfz, drei Seiten (Typklassen, Regionalklassen, SEPA)',
    look: {
      family: 'condensed',
      size: 9.5,
      margin: 50,
      printFooter: [`Versicherungsschein 3-4471-0028-5 vom ${de.dot(issued)}`, 'Seite {page}'],
    },
    blocks: [
      {
        t: 'head',
        left: ['Württembergische', 'Gutenbergstraße 30, 70176 Stuttgart'],
        right: [`Stuttgart, ${de.dot(issued)}`, 'Ihr Berater: Jochen Maier, Tel. 0711 2 49 58-30'],
      },
      { t: 'p', text: 'Frau und Herrn\nSabine und Ralf Hägele-Demir\nKelterweg 9\n71384 Weinstadt' },
      { t: 'title', text: 'Versicherungsschein Kraftfahrtversicherung' },
      {
        t: 'kv',
        rows: [
          ['Versicherungsschein-Nr.', '3-4471-0028-5'],
          ['Grund der Ausfertigung', 'Neuabschluss (Fahrzeugwechsel von der Vorversicherung)'],
          ['Vertragsbeginn', `${de.dot(start)}, 0:00 Uhr`],
          ['Vertragsablauf', `${de.dot(end)}, 0:00 Uhr`],
          ['Verlängerung', 'jeweils um ein Jahr, wenn nicht spätestens einen Monat vor Ablauf gekündigt wird'],
        ],
      },
      { t: 'h', text: 'Fahrzeug' },
      {
        t: 'kv',
        rows: [
          ['Amtliches Kennzeichen', 'WN-SH 418'],
          ['Hersteller / Typ', 'Skoda Enyaq 80'],
          ['HSN / TSN', '8004 / BTE'],
          ['Fahrzeug-Ident.-Nr.', 'TMBJC7NY4PF021745'],
          ['Erstzulassung', '14.02.2024'],
          ['Jährliche Fahrleistung', 'bis 12.000 km'],
        ],
      },
      { t: 'page' },
      { t: 'h', text: 'Beitragsberechnung' },
      {
        t: 'table',
        rows: [
          ['Sparte', 'Typklasse', 'Regionalklasse', 'SF-Klasse', 'Beitrag'],
          ['Kfz-Haftpflicht', '17', '6', 'SF 12 (30 %)', '256,10 EUR'],
          ['Vollkasko (SB 300/150 EUR)', '21', '4', 'SF 9 (35 %)', '402,77 EUR'],
          ['Schutzbrief', '\u2013', '\u2013', '\u2013', '14,90 EUR'],
        ],
      },
      {
        t: 'p',
        text: 'Vorversicherer: DEVK, Vertrag 60 118 442 0, gekündigt zum 31.03.2026. Der Schadenfreiheitsrabatt wurde übernommen.',
      },
      { t: 'page' },
      { t: 'h', text: 'Zahlungsweise' },
      {
        t: 'p',
        text: `Jährlich per SEPA-Lastschrift von ${iban(rng, 'DE')}, Mandatsreferenz WV-3447100285-01, Gläubiger-ID DE55ZZZ00000987654.`,
      },
      { t: 'h', text: 'Hinweise' },
      {
        t: 'p',
        text: 'Schadenmeldung rund um die Uhr: 0711 662-725 (fiktiv). Auslandsschadenhilfe: +49 711 662-7700 (fiktiv).',
      },
      {
        t: 'small',
        text: 'Württembergische Versicherung AG, Gutenbergstraße 30, 70176 Stuttgart. Sitz Stuttgart, Amtsgericht Stuttgart HRB 4000 (fiktiv). Aufsicht: BaFin, Graurheindorfer Straße 108, 53117 Bonn.',
      },
    ],
    truth: {
      policy_number: '3-4471-0028-5',
      insurer: { ref: '5783', printed: 'Württembergische Versicherung AG' },
      start,
      end,
      plate: 'WN-SH 418',
    },
  };
}
