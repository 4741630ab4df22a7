// The training generator's words in English, German and French: several ways to say each thing, so that no
// one wording is learned. Written for the training corpus from descriptions of such paperwork (labels, letters,
// small print, payment, claims), not taken from any corpus the extraction is scored on.
export type Language = 'en' | 'de' | 'fr';

export interface Wording {
  policy: readonly string[];
  start: readonly string[];
  end: readonly string[];
  /** {s} and {e}: the period in one line. */
  range: readonly string[];
  /** The day after the end: {d}. */
  renewal: readonly string[];
  /** A start given as the date since which one is insured: {s}. */
  since: readonly string[];
  /** A premium's change from a date ({d}), not the cover's start. */
  premium: readonly string[];
  /** {n} months from {s}. */
  duration: readonly string[];
  member: readonly string[];
  previousNumber: readonly string[];
  previousPeriod: readonly string[];
  previousHeading: readonly string[];
  letterRef: readonly string[];
  scheduleHeading: readonly string[];
  salutation: readonly string[];
  letterBody: readonly string[];
  closing: readonly string[];
  issue: readonly string[];
  birth: readonly string[];
  paymentHeading: readonly string[];
  payment: readonly string[];
  claimsHeading: readonly string[];
  claim: readonly string[];
  smallPrint: readonly string[];
  legal: readonly string[];
  endorsement: readonly string[];
  /** This year's and last year's columns of a comparison. */
  compare: readonly [string, string][];
  insured: readonly string[];
  addresses: readonly string[];
  months: readonly string[];
  types: Record<'motor' | 'travel' | 'health', readonly string[]>;
  prose: readonly string[];
}

export const WORDING: Record<Language, Wording> = {
  en: {
    policy: ['Policy number', 'Policy No.', 'Policy ref', 'Contract number', 'Policy reference'],
    start: ['Start date', 'Cover starts', 'Effective from', 'Inception date', 'Commencement date'],
    end: ['End date', 'Expiry date', 'Cover ends', 'Expires on', 'Valid until'],
    range: ['Period of insurance: {s} to {e}', 'Your cover runs from {s} to {e}', 'Period: {s} - {e}'],
    renewal: ['Renewal date: {d}', 'Your policy renews on {d}'],
    since: ['Insured since {s}', 'Member since {s}'],
    premium: ['Premium from {d}: £{k}', 'New premium effective {d}'],
    duration: ['Cover for {n} months from {s}', 'Insured for a period of {n} months starting {s}'],
    member: ['Membership number', 'Customer number', 'Member No.', 'Certificate number', 'Account number'],
    previousNumber: ['Previous policy number', 'Replaces policy', 'Your old policy', 'Expiring policy no.'],
    previousPeriod: ['Previous period', 'Last year', 'Expiring cover'],
    previousHeading: ['Your previous cover', 'Previous insurer', 'Cancellation of your old policy'],
    letterRef: ['Our ref', 'Your ref', 'Reference', 'File'],
    scheduleHeading: ['Policy Schedule', 'Certificate of Insurance', 'Your policy details', 'Schedule'],
    salutation: ['Dear {name},', 'Dear Customer,'],
    letterBody: [
      'Please find enclosed your new policy documents.',
      'Thank you for choosing us. Your cover is confirmed below.',
      'We are pleased to confirm the changes you asked for.',
    ],
    closing: ['Yours sincerely', 'Kind regards'],
    issue: ['Date of issue', 'Issued on', 'Printed', 'Date'],
    birth: ['Date of birth', 'DOB', 'Born'],
    paymentHeading: ['Direct Debit Instruction', 'Payment schedule', 'How you pay'],
    payment: ['First payment on {d}', 'Mandate reference {r}', 'Account ending {k}', '12 monthly instalments from {d}'],
    claimsHeading: ['Claims history', 'Claims record'],
    claim: ['Claim {r} on {d}', 'No claims in the last {k} years'],
    smallPrint: [
      '{u} is authorised by the Prudential Regulation Authority. Registered office: 20 Gracechurch Street, London EC3V 0BG.',
      'Underwritten by {u}. Registered in England No. {k}.',
      'This policy is arranged by {b} and underwritten by {u}.',
    ],
    legal: [
      'This certificate is issued under section 147 of the Road Traffic Act 1988.',
      'Insurance Act 2015 applies.',
    ],
    endorsement: ['Endorsement: the end date changes from {o} to {e}', 'Change of cover: expiry moved from {o} to {e}'],
    compare: [
      ['This year', 'Last year'],
      ['New policy', 'Old policy'],
    ],
    insured: ['Policyholder', 'Insured', 'Name'],
    addresses: ['12 Park Road, Leeds LS1 4AB', '4 Mill Lane, Bristol BS1 5TR', '88 High Street, York YO1 7HY'],
    months: 'January February March April May June July August September October November December'.split(' '),
    types: {
      motor: ['Motor insurance', 'Car insurance', 'Private car policy'],
      travel: ['Travel insurance', 'Annual travel cover', 'Single trip travel insurance'],
      health: ['Private medical insurance', 'Health insurance', 'Medical cover'],
    },
    prose: ['Our premium service is open on the horizon of every journey.', 'Call us any time.'],
  },
  de: {
    policy: ['Versicherungsscheinnummer', 'Vertragsnummer', 'VS-Nr.', 'Versicherungsnummer', 'Policennummer'],
    start: ['Versicherungsbeginn', 'Beginn', 'Gültig ab', 'Vertragsbeginn'],
    end: ['Ablauf', 'Versicherungsende', 'Gültig bis', 'Vertragsende'],
    range: ['Versicherungszeitraum: {s} bis {e}', 'Der Vertrag läuft vom {s} bis {e}', 'Laufzeit: {s} - {e}'],
    renewal: ['Hauptfälligkeit: {d}', 'Verlängerung am {d}'],
    since: ['Versichert seit {s}', 'Mitglied seit dem {s}'],
    premium: ['Beitrag gültig ab {d}: {k} EUR', 'Neuer Beitrag ab {d}'],
    duration: ['Versicherungsschutz für {n} Monate ab {s}', 'Laufzeit {n} Monate ab dem {s}'],
    member: ['Mitgliedsnummer', 'Kundennummer', 'Kunden-Nr.', 'Zertifikatsnummer'],
    previousNumber: ['Bisherige Vertragsnummer', 'Vorvertrag', 'ersetzt Vertrag', 'Alte Vertragsnummer'],
    previousPeriod: ['Bisherige Laufzeit', 'Vorjahr', 'Alter Vertrag'],
    previousHeading: ['Ihr bisheriger Vertrag', 'Vorversicherung', 'Kündigung Ihres alten Vertrags'],
    letterRef: ['Unser Zeichen', 'Ihr Zeichen', 'Aktenzeichen', 'Vorgang'],
    scheduleHeading: ['Versicherungsschein', 'Versicherungsnachweis', 'Ihre Vertragsdaten', 'Police'],
    salutation: ['Sehr geehrte Frau {name},', 'Sehr geehrter Herr {name},'],
    letterBody: [
      'anbei erhalten Sie Ihre neuen Vertragsunterlagen.',
      'vielen Dank für Ihr Vertrauen. Ihr Versicherungsschutz ist bestätigt.',
      'wie gewünscht haben wir Ihren Vertrag geändert.',
    ],
    closing: ['Mit freundlichen Grüßen', 'Freundliche Grüße'],
    issue: ['Ausgestellt am', 'Datum', 'Erstellt am'],
    birth: ['Geburtsdatum', 'geboren am'],
    paymentHeading: ['SEPA-Lastschriftmandat', 'Zahlungsweise', 'Beitragszahlung'],
    payment: ['Erste Abbuchung am {d}', 'Mandatsreferenz {r}', 'IBAN endet auf {k}', 'monatlich ab {d}'],
    claimsHeading: ['Schadenverlauf', 'Schadenfreiheitsrabatt'],
    claim: ['Schaden {r} vom {d}', 'Schadenfrei seit {k} Jahren'],
    smallPrint: [
      '{u}, Sitz der Gesellschaft: Köln, Registergericht Köln HRB {k}.',
      'Risikoträger: {u}. Vermittelt durch {b}.',
      'Versicherer ist die {u}, Amtsgericht München HRB {k}.',
    ],
    legal: ['Es gilt § 38 VVG.', 'Hinweis nach § 19 Abs. 5 VVG zur Anzeigepflicht.'],
    endorsement: [
      'Nachtrag: das Vertragsende ändert sich vom {o} auf den {e}',
      'Änderung: Ablauf neu {e} (bisher {o})',
    ],
    compare: [
      ['Neu', 'Bisher'],
      ['Dieses Jahr', 'Vorjahr'],
    ],
    insured: ['Versicherungsnehmer', 'Versicherte Person', 'Name'],
    addresses: ['Hauptstraße 5, 80331 München', 'Ringstraße 12, 50667 Köln', 'Lindenweg 3, 10115 Berlin'],
    months: 'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(' '),
    types: {
      motor: ['Kfz-Versicherung', 'Kraftfahrtversicherung', 'Autoversicherung'],
      travel: ['Reiseversicherung', 'Auslandsreisekrankenversicherung', 'Jahres-Reiseschutz'],
      health: ['Krankenversicherung', 'Krankheitskostenversicherung', 'Private Krankenversicherung'],
    },
    prose: ['Unser Premium-Service ist immer für Sie da.', 'Rufen Sie uns an.'],
  },
  fr: {
    policy: ['N° de contrat', 'Numéro de contrat', 'Contrat n°', 'Référence du contrat', 'N° de police'],
    start: ["Date d'effet", 'Début du contrat', "Prise d'effet", 'Date de début'],
    end: ["Date d'échéance", 'Fin du contrat', 'Date de fin', 'Expiration'],
    range: ["Période d'assurance : du {s} au {e}", 'Le contrat court du {s} au {e}', 'Validité : {s} - {e}'],
    renewal: ['Renouvellement le {d}', 'Échéance principale : {d}'],
    since: ['Assuré depuis le {s}', 'Adhérent depuis le {s}'],
    premium: ['Cotisation à compter du {d} : {k} €', 'Nouvelle cotisation au {d}'],
    duration: ['Garantie de {n} mois à compter du {s}', 'Contrat conclu pour {n} mois à partir du {s}'],
    member: ["N° d'adhérent", 'Numéro de client', 'N° de sociétaire', 'N° de certificat'],
    previousNumber: ['Ancien contrat n°', 'Contrat remplacé n°', 'Précédent contrat'],
    previousPeriod: ['Ancienne période', 'Année précédente', 'Ancien contrat'],
    previousHeading: ['Votre ancien contrat', 'Précédent assureur', 'Résiliation de votre ancien contrat'],
    letterRef: ['Nos réf.', 'Vos réf.', 'Dossier n°', 'Référence'],
    scheduleHeading: ['Conditions particulières', "Attestation d'assurance", 'Certificat', 'Vos garanties'],
    salutation: ['Madame, Monsieur,', 'Chère Madame {name},'],
    letterBody: [
      'Veuillez trouver ci-joint vos documents contractuels.',
      'Nous vous remercions de votre confiance.',
      'Suite à votre demande, nous avons modifié votre contrat.',
    ],
    closing: ["Veuillez agréer l'expression de nos salutations distinguées.", 'Cordialement'],
    issue: ['Fait le', 'Émis le', 'Date'],
    birth: ['Né(e) le', 'Date de naissance'],
    paymentHeading: ['Mandat de prélèvement SEPA', 'Échéancier', 'Modalités de paiement'],
    payment: ['Premier prélèvement le {d}', 'RUM {r}', 'IBAN se terminant par {k}', 'mensuel à partir du {d}'],
    claimsHeading: ['Historique des sinistres', "Relevé d'information"],
    claim: ['Sinistre {r} du {d}', 'Aucun sinistre depuis {k} ans'],
    smallPrint: [
      '{u}, entreprise régie par le Code des assurances, siège social : 12 rue de la Paix, 75002 Paris, RCS Paris {k}.',
      'Contrat assuré par {u} et distribué par {b}, ORIAS n° {k}.',
      'Garanti par {u}, capital social {k} euros.',
    ],
    legal: ["Conformément à l'article L113-12 du Code des assurances.", 'Article L211-1 du Code des assurances.'],
    endorsement: [
      "Avenant : la date d'échéance passe du {o} au {e}",
      'Modification : fin du contrat le {e} (au lieu du {o})',
    ],
    compare: [
      ['Nouveau contrat', 'Ancien contrat'],
      ['Cette année', 'Année précédente'],
    ],
    insured: ['Souscripteur', 'Assuré', 'Nom'],
    addresses: ['12 rue Victor Hugo, 69002 Lyon', '3 avenue Foch, 75016 Paris', '8 place du Marché, 33000 Bordeaux'],
    months: 'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(' '),
    types: {
      motor: ['Assurance automobile', 'Assurance auto', 'Contrat véhicule'],
      travel: ['Assurance voyage', 'Assistance voyage', 'Assurance séjour'],
      health: ['Complémentaire santé', 'Assurance santé', 'Mutuelle santé'],
    },
    prose: ['Notre service premium vous accompagne.', 'Contactez-nous.'],
  },
};
