import type { Catalogue } from './en.ts';

export const da: Catalogue = {
  'errors.validation_failed': 'Nogle felter er ikke udfyldt korrekt.',
  'errors.invalid_token': 'Din session er udløbet. Log ind igen.',
  'errors.not_authenticated': 'Du skal logge ind først.',
  'errors.forbidden': 'Du har ikke adgang til dette.',
  'errors.not_found': 'Ikke fundet.',
  'errors.invalid_credentials': 'Forkert e-mail eller password.',
  'errors.email_in_use': 'E-mailadressen er allerede i brug.',
  'errors.password_too_common': 'Passwordet er for almindeligt. Vælg et andet.',
  'errors.password_reset_failed': 'Kunne ikke nulstille password',
  'errors.email_verification_failed': 'Kunne ikke bekræfte e-mailadressen. Linket er måske udløbet.',
  'errors.session_revoked': 'Du er blevet logget ud. Log ind igen.',
  'errors.rate_limited': 'For mange forsøg. Prøv igen om lidt.',
  'errors.confirmations_missing': 'Bekræft venligst alle punkter.',
  'errors.conflict': 'Ændringen kunne ikke gemmes, fordi data er ændret i mellemtiden.',
  'errors.bad_request': 'Forespørgslen kunne ikke forstås.',
  'errors.internal_error': 'Der gik noget galt hos os. Prøv igen senere.',
  'errors.service_unavailable': 'Tjenesten er midlertidigt utilgængelig. Prøv igen senere.',
  'errors.identity_verification_required': 'Bekræft først din identitet med MitID.',
  'errors.identity_verification_failed': 'Identitetstjekket blev ikke gennemført. Prøv igen.',
  'errors.identity_mismatch':
    'Identitetstjekket blev foretaget af en anden person end den, der har bekræftet denne konto.',
  'errors.approval_required': 'Dette kræver først din godkendelse med MitID.',
  'errors.identity_check_skip_not_allowed': 'Identitetstjekket kan ikke springes over for denne konto.',
  'errors.identity_provider_unavailable': 'Identitetstjenesten svarer ikke lige nu. Prøv igen om lidt.',
  'errors.not_allowed_while_switched':
    'Medarbejdere, der bruger en andens konto, kan ikke gøre dette. Skift først tilbage til din egen konto.',
  'errors.cannot_switch_to_user':
    'Du kan ikke skifte til denne konto: medarbejderkonti og din egen konto er ikke mulige.',
  'errors.google_token_invalid': 'Log ind med Google mislykkedes. Prøv igen.',
  'errors.google_account_not_found': 'Ingen konto bruger denne Google-konto endnu. Opret dig først.',
  'errors.google_email_not_verified':
    'Google har ikke bekræftet denne e-mailadresse, så den kan ikke bruges til at logge ind.',
  'errors.google_sign_in_disabled': 'Log ind med Google er ikke slået til her.',
  'errors.google_link_requires_password':
    'Der findes allerede en konto med denne e-mailadresse. Log ind med din adgangskode.',
  'errors.organisation_exists': 'En organisation med dette CVR-nummer er allerede registreret.',
  'errors.member_exists': 'Denne person er allerede medlem af organisationen.',
  'errors.last_admin': 'En organisation skal have mindst én administrator.',
  'errors.email_verification_required':
    'Bekræft først din e-mailadresse. Brug linket, vi har sendt dig, eller send et nyt fra dine indstillinger.',
  'errors.invitation_invalid':
    'Denne invitation er ikke længere gyldig. Bed organisationen om at invitere dig igen.',
  'errors.invitation_email_mismatch':
    'Denne invitation blev sendt til {email}. Log ind med den adresse for at tage imod den.',

  'errors.no_subscription': 'Der er intet abonnement knyttet til kontoen.',
  'errors.no_free_credit':
    'Alle dine registreringer er brugt. Køb en ekstra registrering for at tilføje cyklen.',
  'errors.credit_in_use': 'Denne registrering er allerede brugt på en cykel.',
  'errors.bike_has_credit': 'Cyklen har allerede en registrering.',
  'errors.frame_number_locked': 'Stelnummeret kan ikke ændres efter et ejerskifte.',
  'errors.file_too_large': 'Filen er for stor (højst {maximum} MB).',
  'errors.unsupported_file_type': 'Filtypen understøttes ikke. Brug JPEG, PNG, WebP eller PDF.',
  'errors.too_many_files': 'Cyklen har nået det højeste antal filer. Slet nogle først.',
  'errors.image_unreadable': 'Billedet kunne ikke læses. Prøv et andet billede.',

  'errors.idempotency_key_reused': 'Denne Idempotency-Key er allerede brugt til en anden forespørgsel.',
  'errors.idempotency_key_in_progress':
    'Den samme forespørgsel behandles allerede. Vent et øjeblik, og prøv igen.',
  'errors.bike_not_transferable':
    'Cyklen kan ikke overdrages. Den skal have både stelnummer og oblat, og den må ikke være meldt stjålet.',
  'errors.transfer_pending': 'Der venter allerede en overdragelse af denne cykel. Annullér den først.',
  'errors.transfer_not_pending':
    'Overdragelsen er ikke længere åben. Den er allerede accepteret, afvist, annulleret eller udløbet.',
  'errors.request_exists': 'Du har allerede bedt om at overtage denne cykel. Fortsæt i chatten.',
  'errors.request_not_open': 'Anmodningen er ikke længere åben.',
  'errors.own_bike': 'Du ejer allerede denne cykel.',
  'errors.verification_incomplete':
    'Udfyld begge trin, før du sender: billede af stelnummeret og dokumentation for ejerskab.',
  'errors.verification_not_editable': 'Verificeringen er sendt til behandling og kan ikke ændres nu.',
  'errors.transfer_email_mismatch':
    'Overdragelsen blev sendt til en anden e-mailadresse. Log ind med den adresse, tilbuddet blev sendt til.',
  'errors.bike_already_stolen': 'Cyklen er allerede meldt stjålet.',
  'errors.bike_not_stolen': 'Cyklen er ikke meldt stjålet.',
  'errors.pickup_not_waiting': 'Cyklen venter ikke længere på at blive hentet.',
  'validation.required': 'Feltet skal udfyldes.',
  'validation.invalid_email': 'Indtast en gyldig e-mailadresse.',
  'validation.password_too_short': 'Passwordet skal være på mindst {minimum} tegn.',
  'validation.password_too_long': 'Passwordet må højst være på {maximum} tegn.',
  'validation.password_too_common': 'Passwordet er for almindeligt. Vælg et andet.',
  'validation.passwords_do_not_match': 'De to passwords er ikke ens.',
  'validation.must_accept': 'Du skal acceptere for at fortsætte.',
  'validation.invalid_zip_code': 'Indtast et postnummer på 4 cifre.',
  'validation.invalid_phone': 'Indtast et gyldigt telefonnummer.',
  'validation.too_long': 'Må højst være på {maximum} tegn.',
  'validation.invalid_club_membership_number': 'Medlemsnummeret skal være på 6 til 8 tegn.',
  'validation.confirm_all': 'Bekræft venligst alle punkter.',
  'validation.invalid_value': 'Værdien er ikke gyldig.',
  'validation.invalid_registration_number':
    'Nummeret passer ikke. Et dansk CVR-nummer har 8 cifre og et norsk organisationsnummer 9, og det sidste ciffer er et kontrolciffer – tjek for en tastefejl.',
  'validation.identifier_too_short':
    'Skal være på mindst 5 tegn (mellemrum og bindestreger tæller ikke med).',
  'validation.invalid_characters': 'Må kun indeholde bogstaver og tal.',
  'validation.frame_or_plate_required': 'Angiv stelnummer eller oblat-ID – gerne begge.',
  'validation.invalid_date': 'Angiv en gyldig dato.',
  'validation.date_not_in_past': 'Vælg venligst en dato i fortiden.',
  'validation.invalid_production_year': 'Angiv et gyldigt produktionsår (fx 2021).',
  'validation.invalid_price': 'Angiv prisen i hele kroner.',
  'validation.plate_id_invalid': 'Oblat-ID {plate_id} er ikke gyldigt. Tjek koden på oblaten.',
  'validation.plate_id_in_use': 'Oblaten {plate_id} er allerede registreret.',
  'validation.plate_id_other_equipment': 'Denne oblat tilhører andet udstyr.',
  'validation.frame_number_in_use':
    'Stelnummeret er allerede registreret. Kontakt support, hvis cyklen er din.',
  'validation.frame_number_and_plate_id_invalid': 'Stelnummer og oblat-ID er ikke gyldige.',
  'validation.emails_do_not_match': 'De to e-mailadresser skal være ens.',
  'validation.transfer_to_self': 'Du kan ikke overdrage en cykel til dig selv.',
  'validation.frame_number_mismatch': 'Stelnummeret passer ikke til cyklens stelnummer.',
  'validation.file_not_found': 'Filen findes ikke på cyklen. Upload den igen.',
  'validation.missing': 'Udfyld dette, før du sender anmeldelsen.',
  'validation.invalid_national_id_number':
    'Indtast et gyldigt CPR-nummer (10 cifre) eller fødselsnummer (11 cifre).',
  'validation.noted_before_last_seen': 'Du kan ikke have opdaget tyveriet, før du sidst så cyklen.',
  'validation.date_not_in_future': 'Vælg i dag eller en dato i fremtiden.',
  'validation.date_too_far_ahead': 'Vælg en dato inden for et halvt år.',
  'validation.invalid_type': 'Værdien har en forkert type.',
  'validation.too_short': 'Skal være på mindst {minimum} tegn.',
  'validation.too_small': 'Skal være mindst {minimum}.',
  'validation.too_big': 'Må højst være {maximum}.',
  'validation.invalid_format': 'Formatet er ikke gyldigt.',
  'validation.unrecognized_key': 'Feltet er ikke tilladt.',
  'validation.invalid_json': 'Indholdet er ikke gyldig JSON.',

  'mail.link_hint': 'Virker knappen ikke? Kopiér denne adresse ind i din browser:',
  'mail.footer': 'Denne e-mail er sendt automatisk af Cykelregistret. Svar på den bliver ikke læst.',

  // chats: the e-mail about unread messages
  'mail.chats.greeting': 'Hej,',
  'mail.chats.signature': 'Venlig hilsen\nCykelregistret',
  'mail.chats.subject': 'Du har ulæste beskeder',
  'mail.chats.intro_one': 'Du har 1 ulæst besked i Cykelregistret.',
  'mail.chats.intro_other': 'Du har {count} ulæste beskeder i Cykelregistret.',
  'mail.chats.privacy':
    'Af hensyn til dit privatliv står beskederne og afsenderne ikke i denne mail. Log ind for at læse og svare på dem.',
  'mail.chats.line_one': '{subject}: 1 ulæst besked – {link}',
  'mail.chats.line_other': '{subject}: {count} ulæste beskeder – {link}',
  'mail.chats.subject_bike': 'En samtale om en cykel',
  'mail.chats.subject_bike_brand': 'En samtale om {brand}-cyklen',
  'mail.chats.subject_transfer': 'Et ejerskifte',
  'mail.chats.subject_transfer_brand': 'En overdragelse af {brand}-cyklen',
  'mail.chats.subject_request': 'En anmodning om ejerskab',
  'mail.chats.subject_request_brand': 'En anmodning om {brand}-cyklen',
  'mail.chats.action_one': 'Åbn samtalen',
  'mail.chats.action_other': 'Åbn mine beskeder',
  'mail.chats.footer':
    'Vi sender denne mail, når beskeder venter ulæste på dig, mens du ikke bruger Cykelregistret.',

  // ownership mails (transfers, requests, verification)
  'mail.ownership.greeting': 'Hej,',
  'mail.ownership.signature': 'Venlig hilsen\nCykelregistret',
  'mail.ownership.someone': 'En bruger af Cykelregistret',
  'mail.ownership.the_owner': 'Ejeren',
  'mail.ownership.offer.subject': '{sender} vil give dig en cykel',
  'mail.ownership.offer.intro':
    '{sender} tilbyder dig cyklen {bike} i Cykelregistret. Når du tager imod den, bliver cyklen registreret på dig.',
  'mail.ownership.offer.account': 'Åbn linket for at se tilbuddet og tage imod det eller afvise det.',
  'mail.ownership.offer.no_account':
    'Du har endnu ingen profil med {email}. Linket fører dig til oprettelse: opret din profil med denne samme e-mailadresse, så venter tilbuddet på dig.',
  'mail.ownership.offer.action': 'Se tilbuddet',
  'mail.ownership.offer.footer':
    'Tilbuddet gælder i {days} dage. Hvis du ikke forventede det, kan du se bort fra denne mail: der sker ingenting, medmindre du tager imod det.',
  'mail.ownership.accepted.subject': 'Din cykel har fået en ny ejer',
  'mail.ownership.accepted.intro':
    'Modtageren har taget imod din overdragelse af cyklen {bike}. Den er nu registreret på modtageren og vises ikke længere under dine cykler.',
  'mail.ownership.accepted.credit':
    'Den registrering, cyklen brugte, er ledig igen: du kan bruge den til en anden cykel.',
  'mail.ownership.accepted.action': 'Se mine cykler',
  'mail.ownership.request.subject': 'Nogen beder om at overtage din cykel',
  'mail.ownership.request.intro':
    'Nogen har fundet din cykel {bike} i registret og beder dig overdrage den til dem.',
  'mail.ownership.request.anonymous':
    'Læs beskeden og svar i chatten. De ser ikke dit navn, medmindre du skriver til dem.',
  'mail.ownership.request.action': 'Åbn chatten',
  'mail.ownership.verification_approved.subject': 'Din cykel er ejerverificeret',
  'mail.ownership.verification_approved.intro':
    'Vi har kontrolleret din dokumentation: cyklen {bike} er nu markeret som ejerverificeret.',
  'mail.ownership.verification_rejected.subject': 'Din ejerverificering blev ikke godkendt',
  'mail.ownership.verification_rejected.intro':
    'Vi kunne ikke godkende ejerverificeringen af cyklen {bike}. Begrundelse: {reason}',
  'mail.ownership.verification_rejected.again': 'Du kan rette trinnene og sende den igen.',
  'mail.ownership.verification.action': 'Åbn verificeringen',
};
