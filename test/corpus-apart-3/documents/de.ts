// Germany: Kfz-Versicherungsscheine, a Grüne Karte with its covering letter, a Nachtrag after a change of car,
// a Verlängerung letter, a broker's letter and an e-mail; travel confirmations from a Reisebüro, cards and a visa
// certificate; private health insurers' Mitgliedsbescheinigung, employer certificate and Versicherungsbestätigung.
import {
  de,
  dePassport,
  dePhone,
  dePlate,
  hrb,
  iban,
  ihkRegister,
  kvnr,
  pnr,
  Rng,
  vin,
} from '../../corpus-apart/formats.js';
import { day, de2, eur, type Paper } from './paper.js';

export function dePapers(rng: Rng): Paper[] {
  return [...motor(rng), ...travel(rng), ...health(rng)];
}

function motor(rng: Rng): Paper[] {
  const out: Paper[] = [];

  {
    // The policy document over two pages, with the SEPA mandate's creditor id and the HSN/TSN as numbers around.
    const plate = dePlate(rng);
    const policy = `HC${rng.digits(9)}`;
    const start = day(2026, 1, 1);
    const end = day(2026, 12, 31);
    out.push({
      id: 'de-motor-versicherungsschein',
      country: 'DE',
      type: 'motor',
      kind: 'Versicherungsschein (multi-page)',
      insurer: {
        ref: '5375',
        printed: 'HUK-COBURG Haftpflicht-Unterstützungs-Kasse kraftfahrender Beamter Deutschlands a.G. in Coburg',
      },
      policy,
      start,
      end,
      plate,
      look: { family: 'sans', size: 9.5, margin: 46, printFooter: ['HUK-COBURG · Kfz-Versicherung', 'Seite {page}'] },
      blocks: [
        {
          t: 'head',
          left: ['HUK-COBURG', 'Versicherungen · Bausparen', '96444 Coburg'],
          right: [`Coburg, ${de.dot(day(2025, 11, 20))}`, `Telefon ${dePhone(rng, 'service')}`],
        },
        { t: 'title', text: 'Versicherungsschein Kfz-Versicherung' },
        {
          t: 'kv',
          rows: [
            ['Versicherungsschein-Nr.', policy],
            ['Versicherungsnehmer', 'Herr Jens Lüdecke'],
            ['Versicherungsbeginn', `${de.dot(start)}, 00:00 Uhr`],
            ['Ablauf', `${de.dot(end)}, 24:00 Uhr`],
            ['Hauptfälligkeit', '1. Januar'],
            ['Zahlungsweise', 'jährlich'],
          ],
        },
        { t: 'h', text: 'Versichertes Fahrzeug' },
        {
          t: 'kv',
          rows: [
            ['Amtl. Kennzeichen', plate],
            ['Hersteller / Typ', 'Opel Astra K Sports Tourer 1.2'],
            ['HSN / TSN', `0035 / ${rng.letters(3, 'ABCDEFGHJKLMNPRSTUVWXYZ')}`],
            ['FIN', vin(rng, 'W0V')],
            ['Erstzulassung', de.dot(day(2021, 6, 15))],
          ],
        },
        { t: 'page' },
        { t: 'h', text: 'Beitrag' },
        {
          t: 'table',
          rows: [
            ['Sparte', 'SF-Klasse', 'Beitragssatz', 'Jahresbeitrag'],
            ['Kfz-Haftpflicht', 'SF 14', '35 %', eur(241.5)],
            ['Vollkasko (SB 300 €)', 'SF 11', '38 %', eur(318.2)],
            ['Gesamt inkl. Versicherungsteuer', '', '', eur(665.91)],
          ],
        },
        {
          t: 'p',
          text: `Der Beitrag wird am ${de.dot(start)} von Ihrem Konto ${iban(rng, 'DE')} abgebucht. Gläubiger-Identifikationsnummer DE${rng.digits(2)}ZZZ0000${rng.digits(7)}, Mandatsreferenz ${rng.digits(12)}.`,
        },
        {
          t: 'small',
          text: `HUK-COBURG Haftpflicht-Unterstützungs-Kasse kraftfahrender Beamter Deutschlands a.G. in Coburg, ${hrb(rng, 'Coburg')}. Vorstand und Aufsichtsrat siehe huk.de.`,
        },
      ],
    });
  }

  {
    // The covering letter and the card: the card's boxes in German and English.
    const plate = dePlate(rng);
    const policy = `AS${rng.digits(10)}`;
    const start = day(2026, 3, 1);
    const end = day(2027, 2, 28);
    out.push({
      id: 'de-motor-gruene-karte',
      country: 'DE',
      type: 'motor',
      kind: 'Grüne Karte with covering letter (two pages)',
      insurer: { ref: '5312', printed: 'Allianz Versicherungs-AG' },
      policy,
      start,
      end,
      plate,
      look: { family: 'dejavu', size: 9.5, margin: 50 },
      blocks: [
        { t: 'head', left: ['Allianz', 'Kfz-Versicherung'], right: [`München, ${de.long(day(2026, 2, 12))}`] },
        { t: 'p', text: 'Frau\nSevgi Arslan\nKurfürstenstraße 9\n60486 Frankfurt am Main' },
        { t: 'h', text: `Ihre Internationale Versicherungskarte – Versicherungsnummer ${policy}` },
        {
          t: 'p',
          text: `Sehr geehrte Frau Arslan,\nwie gewünscht erhalten Sie die Internationale Versicherungskarte (Grüne Karte) für Ihre Reise nach Albanien. Bitte führen Sie die Karte im Fahrzeug mit. Bei Fragen erreichen Sie uns unter ${dePhone(rng, 'national')}.`,
        },
        { t: 'p', text: 'Mit freundlichen Grüßen\nIhre Allianz' },
        { t: 'page' },
        { t: 'title', text: 'INTERNATIONALE VERSICHERUNGSKARTE FÜR KRAFTVERKEHR / INTERNATIONAL MOTOR INSURANCE CARD' },
        {
          t: 'kv',
          labelWidth: 230,
          rows: [
            [
              '1. Gültig vom / Valid from',
              `${de.dot(start)}  bis / to  ${de.dot(end)}  (beide Tage einschließlich / both dates inclusive)`,
            ],
            ['2. Land / Code des Versicherers / Nr.', `D / ${rng.int(100, 999)} / ${policy}`],
            ['3. Kennzeichen / Registration No.', plate],
            ['4. Fahrzeugart / Category', 'A (Pkw / car)'],
            ['5. Marke / Make', 'Dacia Duster'],
            [
              '6. Geltungsbereich / Territorial validity',
              'A B BG CY CZ D DK E EST F FIN GB GR H HR I IRL IS L LT LV M N NL P PL RO S SK SLO AL AND BIH MK MNE SRB TN UA',
            ],
            ['7. Versicherungsnehmer / Policyholder', 'Sevgi Arslan, Kurfürstenstraße 9, 60486 Frankfurt am Main'],
            ['8. Versicherer / Insurer', 'Allianz Versicherungs-AG, München'],
          ],
        },
        {
          t: 'small',
          text: 'Ausgestellt vom Versicherer im Auftrag des Deutschen Büros Grüne Karte e. V. Diese Karte gilt nur für den angegebenen Zeitraum und die nicht durchgestrichenen Länder. This card is valid only for the period and countries stated.',
        },
      ],
    });
  }

  {
    // A Nachtrag after the change of car: old and new plate, the contract's term unchanged.
    const old = dePlate(rng);
    const plate = dePlate(rng);
    const policy = `${rng.digits(3)}${rng.digits(7)}`;
    const start = day(2026, 1, 1);
    const end = day(2026, 12, 31);
    out.push({
      id: 'de-motor-nachtrag-fahrzeugwechsel',
      country: 'DE',
      type: 'motor',
      kind: 'Nachtrag (change of vehicle)',
      insurer: { ref: '5862', printed: 'VHV Allgemeine Versicherung AG' },
      policy,
      start,
      end,
      plate,
      look: { family: 'condensed', size: 9.5, margin: 48 },
      blocks: [
        {
          t: 'head',
          left: ['VHV Versicherungen', '30138 Hannover'],
          right: [`Datum ${de.dot(day(2026, 4, 7))}`, `Vertragsnummer ${policy}`],
        },
        { t: 'title', text: 'Nachtrag zum Versicherungsschein' },
        {
          t: 'p',
          text: `Grund des Nachtrags: Fahrzeugwechsel zum ${de.dot(day(2026, 4, 3))}. Vertragslaufzeit: ${de.dot(start)} – ${de.dot(end)}; die Vertragslaufzeit bleibt unverändert.`,
        },
        {
          t: 'table',
          rows: [
            ['', 'Kennzeichen', 'Fahrzeug', 'FIN'],
            ['bisher', old, 'BMW 118i', vin(rng, 'WBA')],
            ['neu', plate, 'Cupra Born 58 kWh', vin(rng, 'VSS')],
          ],
        },
        {
          t: 'p',
          text: `Beitrag ab Änderungsdatum anteilig: ${eur(187.44)}. Alle übrigen Vereinbarungen gelten unverändert weiter.`,
        },
        {
          t: 'small',
          text: `VHV Allgemeine Versicherung AG, VHV-Platz 1, 30177 Hannover, ${hrb(rng, 'Hannover')}. Schadenservice ${dePhone(rng, 'service')}.`,
        },
      ],
    });
  }

  {
    // The year-end letter: the new term only in a sentence; the plate with a space, as many letters print it.
    const plate = dePlate(rng, { hyphen: false });
    const policy = `${rng.digits(9)}`;
    const start = day(2027, 1, 1);
    const end = day(2027, 12, 31);
    out.push({
      id: 'de-motor-verlaengerung',
      country: 'DE',
      type: 'motor',
      kind: 'renewal letter (Verlängerung)',
      insurer: {
        ref: '5401',
        printed: 'Itzehoer Versicherung/Brandgilde von 1691 Versicherungsverein auf Gegenseitigkeit',
      },
      policy,
      start,
      end,
      plate,
      look: { family: 'serif', size: 10.5, margin: 58 },
      blocks: [
        {
          t: 'head',
          left: ['Itzehoer Versicherungen', 'Itzehoer Platz, 25521 Itzehoe'],
          right: [`Itzehoe, ${de.long(day(2026, 11, 12))}`],
        },
        { t: 'p', text: 'Herrn\nMalte Brodersen\nAm Deich 4\n25761 Büsum' },
        { t: 'h', text: `Ihre Kfz-Versicherung ${policy} für das Fahrzeug ${plate}` },
        {
          t: 'p',
          text: `Sehr geehrter Herr Brodersen,\nIhr Vertrag verlängert sich am ${de.long(start)} um ein weiteres Jahr bis zum ${de.long(end)}. Ihre Schadenfreiheitsklasse verbessert sich auf SF 9, der neue Jahresbeitrag beträgt ${eur(402.18)}.`,
        },
        {
          t: 'p',
          text: `Der Beitrag wird zum Fälligkeitstermin per Lastschrift von Ihrem Konto ${iban(rng, 'DE')} eingezogen. Sie möchten etwas ändern? Rufen Sie uns an: ${dePhone(rng, 'national')}.`,
        },
        { t: 'p', text: 'Mit freundlichen Grüßen\nIhre Itzehoer Versicherungen' },
        {
          t: 'small',
          text: `Itzehoer Versicherung/Brandgilde von 1691 Versicherungsverein auf Gegenseitigkeit, ${hrb(rng, 'Pinneberg')}.`,
        },
      ],
    });
  }

  {
    // A broker's letter: IHK register number, the broker's phone and the insurer's; the car in the subject line only.
    const plate = dePlate(rng);
    const policy = `KR${rng.digits(8)}`;
    const start = day(2026, 6, 1);
    const end = day(2027, 5, 31);
    out.push({
      id: 'de-motor-maklerschreiben',
      country: 'DE',
      type: 'motor',
      kind: 'broker letter',
      insurer: { ref: '5858', printed: 'Gothaer Allgemeine Versicherung AG' },
      policy,
      start,
      end,
      plate,
      look: { family: 'sans', size: 10, margin: 56 },
      blocks: [
        {
          t: 'head',
          left: [
            'Versicherungsmakler Kessler & Voigt GmbH',
            'Bahnhofstraße 31, 04109 Leipzig',
            `Tel. ${dePhone(rng, 'national')}`,
          ],
          right: [`Leipzig, ${de.dot(day(2026, 5, 22))}`, `Unser Zeichen: KV-${rng.digits(5)}`],
        },
        { t: 'p', text: `Herrn Dr. Paul Wendt\nBetreff: Kfz-Versicherung ${plate}, Skoda Superb Combi` },
        {
          t: 'p',
          text: `Sehr geehrter Herr Dr. Wendt,\nwir haben Ihre Kfz-Versicherung bei der Gothaer Allgemeine Versicherung AG eingedeckt. Der Vertrag beginnt am ${de.dot(start)} und endet am ${de.dot(end)}; er verlängert sich danach jeweils um ein Jahr. Die Versicherungsscheinnummer der Gothaer lautet ${policy}.`,
        },
        {
          t: 'p',
          text: `Im Schadenfall erreichen Sie die Gothaer rund um die Uhr unter ${dePhone(rng, 'service')}, uns unter ${dePhone(rng, 'international')}.`,
        },
        { t: 'p', text: 'Mit freundlichen Grüßen\nAnnika Voigt' },
        {
          t: 'small',
          text: `Kessler & Voigt GmbH, Versicherungsmakler mit Erlaubnis nach § 34d Abs. 1 GewO, Vermittlerregister-Nr. ${ihkRegister(rng)} (www.vermittlerregister.info), ${hrb(rng, 'Leipzig')}.`,
        },
      ],
    });
  }

  {
    // The e-mail with the policy: the eVB number used at registration sits beside the policy number.
    const plate = dePlate(rng, { electric: true });
    const policy = `VW${rng.digits(9)}`;
    const sent = day(2026, 8, 28);
    const start = day(2026, 9, 1);
    const end = day(2027, 8, 31);
    out.push({
      id: 'de-motor-email-versicherungsschein',
      country: 'DE',
      type: 'motor',
      kind: 'e-mail confirmation (manufacturer-branded)',
      insurer: { ref: '5169', printed: 'Volkswagen Autoversicherung AG' },
      policy,
      start,
      end,
      plate,
      look: {
        family: 'sans',
        size: 9.5,
        margin: 42,
        printHeader: [`${de2.shortYear(sent)}, 10:47`, 'Posteingang – Ihre Autoversicherung'],
        printFooter: ['webmail.example.de', '{page}'],
      },
      blocks: [
        {
          t: 'kv',
          labelWidth: 60,
          rows: [
            ['Von', 'Volkswagen Autoversicherung <service@vwautoversicherung.example>'],
            ['Gesendet', `${de.withDay(sent)} 10:45`],
            ['An', 'k.hofmann@example.de'],
            ['Betreff', 'Ihre Versicherungsunterlagen'],
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Guten Tag Frau Hofmann,' },
        {
          t: 'p',
          text: `vielen Dank für Ihr Vertrauen. Ihr ID.3 mit dem Kennzeichen ${plate} ist ab ${de.long(start)} bei uns versichert. Im Anhang finden Sie Ihren Versicherungsschein.`,
        },
        {
          t: 'kv',
          rows: [
            ['Vertragsnummer', policy],
            ['Versicherungsbeginn', de.dot(start)],
            ['Versicherungsende', de.dot(end)],
            ['eVB-Nummer (Zulassung)', rng.letters(7, 'ABCDEFGHJKLMNPRSTUVWXYZ23456789')],
            ['Tarif', 'Vollkasko, SB 500 € / Teilkasko SB 150 €'],
          ],
        },
        { t: 'p', text: `Fragen? Wir sind Montag bis Freitag für Sie da: ${dePhone(rng, 'service')}.` },
        {
          t: 'small',
          text: 'Volkswagen Autoversicherung AG, Gifhorner Straße 57, 38112 Braunschweig. Die Volkswagen Autoversicherung AG ist Risikoträger dieses Vertrags.',
        },
      ],
    });
  }
  return out;
}

function travel(rng: Rng): Paper[] {
  const out: Paper[] = [];

  {
    // Booked at a travel agency: booking date, agency file number and the trip's dates.
    const policy = `${rng.digits(3)}.${rng.digits(3)}.${rng.digits(3)}`;
    const booked = day(2026, 2, 14);
    const start = day(2026, 7, 12);
    const end = day(2026, 7, 26);
    out.push({
      id: 'de-travel-reisebuero-bestaetigung',
      country: 'DE',
      type: 'travel',
      kind: 'travel agency confirmation',
      insurer: { ref: '5356', printed: 'ERGO Reiseversicherung AG' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'condensed', size: 9.5, margin: 44 },
      blocks: [
        {
          t: 'head',
          left: ['Reisebüro Sonnenweg', 'Marktplatz 3, 79098 Freiburg'],
          right: [`Vorgang ${rng.digits(8)}`, `Buchungsdatum ${de.dot(booked)}`],
        },
        { t: 'title', text: 'Reisebestätigung / Rechnung' },
        {
          t: 'table',
          rows: [
            ['Leistung', 'Von', 'Bis', 'Preis'],
            ['Pauschalreise Kreta, Hotel Elounda Bay, HP', de.dot(start), de.dot(end), eur(3184)],
            ['Rundum-Sorglos-Schutz ohne SB', de.dot(start), de.dot(end), eur(149)],
          ],
        },
        { t: 'h', text: 'Ihr Versicherungsschutz' },
        {
          t: 'kv',
          rows: [
            ['Versicherer', 'ERGO Reiseversicherung AG'],
            ['Versicherungsnummer', policy],
            ['Versicherte Personen', 'Lena Fischer, Moritz Fischer'],
            ['Reisezeitraum', `${de2.abbr(start)} bis ${de2.abbr(end)}`],
          ],
        },
        { t: 'p', text: `Notruf-Service weltweit: ${dePhone(rng, 'international')}. Flug-Buchungscode ${pnr(rng)}.` },
        {
          t: 'small',
          text: 'Das Reisebüro Sonnenweg vermittelt Reiseversicherungen als Annexvermittler gemäß § 34d Abs. 6 GewO.',
        },
      ],
    });
  }

  {
    const policy = `JR${rng.digits(9)}`;
    const sent = day(2026, 2, 10);
    const start = day(2026, 2, 15);
    const end = day(2027, 2, 14);
    out.push({
      id: 'de-travel-jahresversicherung-email',
      country: 'DE',
      type: 'travel',
      kind: 'e-mail confirmation (annual)',
      insurer: { ref: '5496', printed: 'HanseMerkur Reiseversicherung AG' },
      policy,
      start,
      end,
      plate: null,
      look: {
        family: 'dejavu',
        size: 9.5,
        margin: 40,
        printHeader: [`${de.dot(sent)} 21:09`, 'Ihre Jahres-Reiseversicherung'],
      },
      blocks: [
        {
          t: 'kv',
          labelWidth: 70,
          rows: [
            ['Von:', 'HanseMerkur Reiseversicherung <noreply@hansemerkur.example>'],
            ['Datum:', `${de.long(sent)} um 21:08`],
            ['An:', 'familie.brandt@example.de'],
            ['Betreff:', `Ihre Versicherungsbestätigung Nr. ${policy}`],
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Sehr geehrte Familie Brandt,' },
        { t: 'p', text: 'vielen Dank für den Abschluss Ihres Jahres-Reiseschutzes „Familie Premium“.' },
        {
          t: 'kv',
          rows: [
            ['Versicherungsnummer', policy],
            ['Versicherungsbeginn', de.withDay(start)],
            ['Versicherungsende', de.withDay(end)],
            ['Beitrag', eur(189)],
            ['Bezahlt per', `Lastschrift ${iban(rng, 'DE')}`],
          ],
        },
        { t: 'p', text: `Im Notfall im Ausland: ${dePhone(rng, 'international')} (24 Stunden).` },
        {
          t: 'small',
          text: `HanseMerkur Reiseversicherung AG, Siegfried-Wedells-Platz 1, 20354 Hamburg, ${hrb(rng, 'Hamburg')}.`,
        },
      ],
    });
  }

  {
    // A club's travel health card: the member number next to the policy number.
    const policy = `${rng.digits(10)}`;
    const start = day(2026, 1, 1);
    const end = day(2026, 12, 31);
    out.push({
      id: 'de-travel-versicherungskarte',
      country: 'DE',
      type: 'travel',
      kind: 'travel health card',
      insurer: { ref: '5498', printed: 'ADAC Versicherung AG' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'sans', size: 10.5, margin: 80 },
      blocks: [
        { t: 'title', text: 'ADAC Auslandskrankenschutz Premium' },
        {
          t: 'kv',
          rows: [
            ['Versicherungsnummer', policy],
            ['ADAC Mitgliedsnummer', `${rng.digits(3)} ${rng.digits(3)} ${rng.digits(3)}`],
            ['Name', 'Dr. Henrike Voss'],
            ['Gültig', `${de2.shortYear(start)} – ${de2.shortYear(end)}`],
          ],
        },
        { t: 'p', text: `Im Krankheitsfall im Ausland: ADAC Ambulanz-Service ${dePhone(rng, 'international')}` },
        {
          t: 'small',
          text: 'Versicherer: ADAC Versicherung AG, Hansastraße 19, 80686 München. Die Karte gilt nur mit gültigem Personalausweis oder Reisepass.',
        },
      ],
    });
  }

  {
    // Cover that comes with a credit card: a confirmation for one trip, the card number masked.
    const policy = `URV${rng.digits(8)}`;
    const start = day(2026, 4, 3);
    const end = day(2026, 4, 17);
    out.push({
      id: 'de-travel-kreditkarte-bestaetigung',
      country: 'DE',
      type: 'travel',
      kind: 'credit-card cover confirmation (bank-branded)',
      insurer: { ref: '5094', printed: 'Union Reiseversicherung AG' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'serif', size: 10, margin: 54 },
      blocks: [
        { t: 'head', left: ['Sparkasse Oberland', 'Mastercard Gold'], right: [de.long(day(2026, 3, 20))] },
        { t: 'title', text: 'Versicherungsbestätigung für Ihre Reise' },
        {
          t: 'p',
          text: `Hiermit bestätigen wir, dass für die Reise von Herrn Florian Reiter nach Thailand vom ${de.long(start)} bis zum ${de.long(end)} Versicherungsschutz in der Auslandsreise-Krankenversicherung und der Reiserücktrittsversicherung besteht.`,
        },
        {
          t: 'kv',
          rows: [
            ['Versicherungsnummer', policy],
            ['Karteninhaber', 'Florian Reiter'],
            ['Kartennummer', `5232 •••• •••• ${rng.digits(4)}`],
            ['Reisepass-Nr.', dePassport(rng)],
          ],
        },
        {
          t: 'small',
          text: 'Versicherer ist die Union Reiseversicherung AG, München. Die Sparkasse ist nicht Versicherer und haftet nicht für Leistungen aus dem Versicherungsvertrag.',
        },
      ],
    });
  }

  {
    // A visitor's travel insurance for a visa: the passport number, the host's address, the stay's dates.
    const policy = `BV${rng.digits(8)}`;
    const start = day(2026, 7, 1);
    const end = day(2026, 8, 29);
    out.push({
      id: 'de-travel-besucher-visum',
      country: 'DE',
      type: 'travel',
      kind: 'visa insurance certificate',
      insurer: { ref: '5317', printed: 'Barmenia Allgemeine Versicherungs-AG' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'sans', size: 10, margin: 52 },
      blocks: [
        {
          t: 'head',
          left: ['Barmenia Versicherungen', 'Reiseversicherung für Besucher'],
          right: [`Wuppertal, ${de.dot(day(2026, 5, 4))}`],
        },
        {
          t: 'title',
          text: 'Versicherungsbestätigung zur Vorlage bei der Auslandsvertretung / Insurance certificate for visa purposes',
        },
        {
          t: 'kv',
          rows: [
            ['Versicherungsnummer / Policy no.', policy],
            ['Versicherte Person / Insured', 'Nguyen Thi Mai, geb. 12.03.1961'],
            ['Reisepass / Passport', `C${rng.digits(7)}`],
            ['Einladende Person / Host', 'Thanh Nguyen-Becker, Lindenallee 12, 50968 Köln'],
            ['Versicherungsschutz vom / from', de.dot(start)],
            ['bis / until', de.dot(end)],
          ],
        },
        {
          t: 'p',
          text: 'Die Versicherung erfüllt die Anforderungen des Visakodex der Europäischen Union (Deckungssumme mindestens 30.000 € für alle Schengen-Staaten).',
        },
        {
          t: 'small',
          text: `Barmenia Allgemeine Versicherungs-AG, Barmenia-Allee 1, 42119 Wuppertal, ${hrb(rng, 'Wuppertal')}. Service ${dePhone(rng, 'international')}.`,
        },
      ],
    });
  }

  {
    // A broker's confirmation of trip cancellation cover: booking date, booking code and the trip.
    const policy = `${rng.digits(4)}${rng.digits(5)}`;
    const booked = day(2026, 1, 9);
    const start = day(2026, 10, 17);
    const end = day(2026, 10, 31);
    out.push({
      id: 'de-travel-makler-reiseruecktritt',
      country: 'DE',
      type: 'travel',
      kind: 'broker letter',
      insurer: { ref: '5513', printed: 'DEVK Allgemeine Versicherungs-AG' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'serif', size: 10, margin: 56 },
      blocks: [
        {
          t: 'head',
          left: [
            'Finanz- und Versicherungsmakler Özdemir',
            'Königstraße 14, 70173 Stuttgart',
            `Telefon ${dePhone(rng, 'national')}`,
          ],
          right: [`Stuttgart, ${de.dot(booked)}`],
        },
        { t: 'p', text: 'Sehr geehrte Frau Kowalski,' },
        {
          t: 'p',
          text: `für Ihre am ${de.dot(booked)} gebuchte Kreuzfahrt (Buchungscode ${pnr(rng)}) haben wir bei der DEVK Allgemeine Versicherungs-AG eine Reiserücktritts- und Reiseabbruchversicherung abgeschlossen. Versichert ist die Reise vom ${de.dot(start)} bis ${de.dot(end)}; Versicherungsnummer ${policy}.`,
        },
        {
          t: 'p',
          text: `Reisepreis ${eur(4120)}, Beitrag ${eur(178.5)}. Bitte melden Sie eine Stornierung sofort dem Reiseveranstalter und uns.`,
        },
        { t: 'p', text: 'Mit freundlichen Grüßen\nMurat Özdemir' },
        {
          t: 'small',
          text: `Versicherungsmakler mit Erlaubnis nach § 34d Abs. 1 GewO, IHK Region Stuttgart, Registrierungsnummer ${ihkRegister(rng)}.`,
        },
      ],
    });
  }
  return out;
}

function health(rng: Rng): Paper[] {
  const out: Paper[] = [];

  {
    // A mutual's certificate of membership: member since, and nothing about an end.
    const policy = `${rng.digits(9)}`;
    const start = day(2019, 4, 1);
    out.push({
      id: 'de-health-mitgliedsbescheinigung',
      country: 'DE',
      type: 'health',
      kind: 'Mitgliedsbescheinigung (no end date)',
      insurer: { ref: '4028', printed: 'Debeka Krankenversicherungsverein a. G.' },
      policy,
      start,
      end: null,
      plate: null,
      look: { family: 'serif', size: 10.5, margin: 60 },
      blocks: [
        {
          t: 'head',
          left: ['Debeka', 'Krankenversicherungsverein a. G.', '56058 Koblenz'],
          right: [`Koblenz, ${de.long(day(2026, 2, 3))}`],
        },
        { t: 'title', text: 'Mitgliedsbescheinigung' },
        {
          t: 'p',
          text: `Wir bestätigen, dass Frau Dr. Katharina Weißenborn, geboren am 22.09.1983, seit dem ${de.dot(start)} Mitglied der Debeka Krankenversicherungsverein a. G. ist. Es besteht eine Krankheitskostenvollversicherung einschließlich Pflegepflichtversicherung unter der Versicherungsnummer ${policy}.`,
        },
        {
          t: 'p',
          text: 'Die Versicherung besteht ungekündigt fort. Diese Bescheinigung wird zur Vorlage bei der Familienkasse ausgestellt.',
        },
        { t: 'p', text: 'Mit freundlichen Grüßen\nDebeka Krankenversicherungsverein a. G.' },
        {
          t: 'small',
          text: `Sitz Koblenz am Rhein, Amtsgericht Koblenz VR ${rng.int(1000, 9999)}. Kundenservice ${dePhone(rng, 'service')}.`,
        },
      ],
    });
  }

  {
    // The certificate for the employer's contribution: contract start, and the monthly premium from January.
    const policy = `${rng.digits(3)} ${rng.digits(3)} ${rng.digits(3)}`;
    const start = day(2022, 7, 1);
    out.push({
      id: 'de-health-arbeitgeberbescheinigung',
      country: 'DE',
      type: 'health',
      kind: 'employer contribution certificate (no end date)',
      insurer: { ref: '4044', printed: 'DKV Deutsche Krankenversicherung AG' },
      policy,
      start,
      end: null,
      plate: null,
      look: { family: 'sans', size: 9.5, margin: 50 },
      blocks: [
        {
          t: 'head',
          left: ['DKV', 'Deutsche Krankenversicherung AG', '50594 Köln'],
          right: [de.dot(day(2025, 12, 12))],
        },
        { t: 'title', text: 'Bescheinigung zur Vorlage beim Arbeitgeber (§ 257 SGB V, § 61 SGB XI)' },
        {
          t: 'kv',
          rows: [
            ['Versicherungsnummer', policy],
            ['Versicherte Person', 'Herr Stefan Krämer, geb. 04.01.1980'],
            ['Versicherungsbeginn', de.dot(start)],
            ['Arbeitgeber', 'Kaltenbach Logistik GmbH, Köln'],
          ],
        },
        {
          t: 'table',
          rows: [
            ['Beitrag ab 01.01.2026', 'monatlich'],
            ['Krankheitskostenversicherung (zuschussfähig)', eur(612.34)],
            ['Pflegepflichtversicherung', eur(71.9)],
            ['Wahlleistungen Krankenhaus (nicht zuschussfähig)', eur(48.1)],
          ],
        },
        { t: 'p', text: 'Wir bestätigen, dass die Versicherung die Voraussetzungen des § 257 Abs. 2a SGB V erfüllt.' },
        {
          t: 'small',
          text: `DKV Deutsche Krankenversicherung AG, ${hrb(rng, 'Köln')}. Telefon ${dePhone(rng, 'national')}.`,
        },
      ],
    });
  }

  {
    // A certificate for the residence permit: a foreign student's health cover for one year, a passport number.
    const policy = `${rng.digits(8)}`;
    const start = day(2026, 10, 1);
    const end = day(2027, 9, 30);
    out.push({
      id: 'de-health-aufenthaltstitel',
      country: 'DE',
      type: 'health',
      kind: 'Versicherungsbestätigung for a residence permit',
      insurer: { ref: '4144', printed: 'HanseMerkur Krankenversicherung AG' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'dejavu', size: 9.5, margin: 50 },
      blocks: [
        { t: 'head', left: ['HanseMerkur', 'Krankenversicherung AG'], right: [`Hamburg, ${de.dot(day(2026, 8, 19))}`] },
        { t: 'title', text: 'Versicherungsbestätigung zur Vorlage bei der Ausländerbehörde' },
        {
          t: 'p',
          text: `Frau Ana Sofía Gutiérrez, geboren am 17.05.2001, Reisepass-Nr. ${rng.letters(3, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${rng.digits(6)}, ist bei uns unter der Versicherungsnummer ${policy} im Tarif für ausländische Studierende krankenversichert.`,
        },
        {
          t: 'kv',
          rows: [
            ['Versicherungsschutz vom', de.long(start)],
            ['bis', de.long(end)],
            ['Leistungen', 'ambulant, stationär, Zahnbehandlung; ohne Selbstbeteiligung'],
            ['Monatsbeitrag', eur(139.5)],
          ],
        },
        {
          t: 'p',
          text: 'Der Versicherungsschutz entspricht in Art und Umfang den Leistungen der gesetzlichen Krankenversicherung.',
        },
        {
          t: 'small',
          text: `HanseMerkur Krankenversicherung AG, ${hrb(rng, 'Hamburg')}. Service ${dePhone(rng, 'national')}.`,
        },
      ],
    });
  }

  {
    // A Versicherungsbestätigung with the health card's KVNR printed beside the insurer's policy number.
    const policy = `${rng.digits(2)}-${rng.digits(7)}-${rng.digits(2)}`;
    const start = day(2026, 10, 1);
    const end = day(2027, 9, 30);
    out.push({
      id: 'de-health-versicherungsbestaetigung-kvnr',
      country: 'DE',
      type: 'health',
      kind: 'Versicherungsbestätigung (with KVNR)',
      insurer: { ref: '4002', printed: 'SIGNAL IDUNA Krankenversicherung a. G.' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'sans', size: 10, margin: 52 },
      blocks: [
        {
          t: 'head',
          left: ['SIGNAL IDUNA', 'Krankenversicherung a. G.', 'Joseph-Scherer-Straße 3, 44139 Dortmund'],
          right: [`Dortmund, ${de.dot(day(2026, 9, 2))}`],
        },
        { t: 'title', text: 'Versicherungsbestätigung' },
        {
          t: 'kv',
          rows: [
            ['Versicherungsschein-Nr.', policy],
            ['Krankenversichertennummer (eGK)', kvnr(rng)],
            ['Versicherte Person', 'Jonas Albrecht, geb. 30.11.2004'],
            ['Tarif', 'Ausbildungstarif für Studierende'],
            ['Versicherungsbeginn', de.dot(start)],
            ['Versicherungsende', `${de.dot(end)} (Ende des Ausbildungstarifs)`],
          ],
        },
        {
          t: 'p',
          text: 'Diese Bestätigung wird zur Befreiung von der Versicherungspflicht in der studentischen Krankenversicherung ausgestellt.',
        },
        {
          t: 'small',
          text: `SIGNAL IDUNA Krankenversicherung a. G., Amtsgericht Dortmund VR ${rng.int(1000, 3999)}. Telefon ${dePhone(rng, 'service')}.`,
        },
      ],
    });
  }

  {
    // A welcome e-mail: the start of cover, no end.
    const policy = `ON${rng.digits(8)}`;
    const sent = day(2026, 4, 22);
    const start = day(2026, 5, 1);
    out.push({
      id: 'de-health-email-willkommen',
      country: 'DE',
      type: 'health',
      kind: 'e-mail confirmation (no end date)',
      insurer: { ref: '4146', printed: 'ottonova Krankenversicherung AG' },
      policy,
      start,
      end: null,
      plate: null,
      look: {
        family: 'sans',
        size: 9.5,
        margin: 42,
        printHeader: [`${de.dot(sent)}, 08:12`, 'Willkommen bei ottonova'],
        printFooter: ['mail.example.de/inbox', 'Seite {page}'],
      },
      blocks: [
        {
          t: 'kv',
          labelWidth: 70,
          rows: [
            ['Von:', 'ottonova <hallo@ottonova.example>'],
            ['Gesendet:', `${de.withDay(sent)}, 08:10`],
            ['An:', 'lukas.sauer@example.de'],
            ['Betreff:', 'Dein Versicherungsschein ist da'],
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Hallo Lukas,' },
        {
          t: 'p',
          text: `willkommen bei ottonova! Dein Versicherungsschutz beginnt am ${de.long(start)}. Deinen Versicherungsschein findest du in der App und im Anhang dieser E-Mail.`,
        },
        {
          t: 'kv',
          rows: [
            ['Versicherungsnummer', policy],
            ['Tarif', 'First Class (ambulant, stationär, Zahn)'],
            ['Selbstbehalt', '500 € pro Jahr'],
            ['Monatsbeitrag', eur(498.71)],
          ],
        },
        { t: 'p', text: `Fragen? Schreib uns im Chat oder ruf an: ${dePhone(rng, 'national')}.` },
        { t: 'small', text: `ottonova Krankenversicherung AG, Ottostraße 4, 80333 München, ${hrb(rng, 'München')}.` },
      ],
    });
  }

  {
    // A supplementary dental policy's renewal, sent on by the broker: the new year in a sentence.
    const policy = `ZZ${rng.digits(8)}`;
    const start = day(2027, 1, 1);
    const end = day(2027, 12, 31);
    out.push({
      id: 'de-health-makler-zahnzusatz',
      country: 'DE',
      type: 'health',
      kind: 'broker letter (renewal of a supplementary policy)',
      insurer: { ref: '4147', printed: 'Barmenia Krankenversicherung AG' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'condensed', size: 10, margin: 54 },
      blocks: [
        {
          t: 'head',
          left: ['Assekuranzmakler Brenner', 'Hauptstraße 88, 69117 Heidelberg', `Tel. ${dePhone(rng, 'national')}`],
          right: [`Heidelberg, ${de.long(day(2026, 11, 25))}`],
        },
        { t: 'p', text: 'Sehr geehrter Herr Yilmaz,' },
        {
          t: 'p',
          text: `die Barmenia Krankenversicherung AG hat uns mitgeteilt, dass sich Ihre Zahnzusatzversicherung (Versicherungsnummer ${policy}) am ${de.long(start)} um ein weiteres Versicherungsjahr bis zum ${de.long(end)} verlängert. Der Monatsbeitrag bleibt mit ${eur(27.4)} unverändert.`,
        },
        { t: 'p', text: `Die Beiträge werden weiterhin vom Konto ${iban(rng, 'DE')} abgebucht.` },
        { t: 'p', text: 'Mit freundlichen Grüßen\nSabine Brenner' },
        {
          t: 'small',
          text: `Versicherungsmakler nach § 34d Abs. 1 GewO, Registrierungsnummer ${ihkRegister(rng)}, zuständige IHK Rhein-Neckar.`,
        },
      ],
    });
  }

  {
    // A fixed-term contract for a trainee civil servant: member since, and the end of the training service.
    const policy = `${rng.digits(3)}/${rng.digits(6)}`;
    const start = day(2025, 11, 1);
    const end = day(2027, 10, 31);
    out.push({
      id: 'de-health-beihilfe-befristet',
      country: 'DE',
      type: 'health',
      kind: 'Versicherungsbestätigung (Beihilfe, fixed term)',
      insurer: { ref: '4134', printed: 'Bayerische Beamtenkrankenkasse AG' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'serif', size: 10.5, margin: 58 },
      blocks: [
        {
          t: 'head',
          left: ['Bayerische Beamtenkrankenkasse AG', 'Ein Unternehmen der Versicherungskammer', '80530 München'],
          right: [`München, ${de2.abbr(day(2026, 1, 19))}`],
        },
        { t: 'title', text: 'Versicherungsbestätigung zur Vorlage bei der Beihilfestelle' },
        {
          t: 'p',
          text: `Frau Lea Hartmann, Rechtsreferendarin im Vorbereitungsdienst beim Oberlandesgericht München (Personalnummer ${rng.digits(8)}), ist seit dem ${de.long(start)} bei uns im beihilfekonformen Ausbildungstarif versichert. Der Vertrag ist befristet bis zum ${de.long(end)}, dem Ende des Vorbereitungsdienstes.`,
        },
        {
          t: 'kv',
          rows: [
            ['Versicherungsnummer', policy],
            ['Beihilfebemessungssatz', '50 %'],
            ['Ergänzender Tarif', 'Krankenhaus Wahlleistung 2-Bett-Zimmer'],
            ['Monatsbeitrag', eur(96.8)],
          ],
        },
        {
          t: 'small',
          text: `Bayerische Beamtenkrankenkasse AG, Sitz München, ${hrb(rng, 'München')}. Telefon ${dePhone(rng, 'national')}.`,
        },
      ],
    });
  }
  return out;
}
