// Generated from /openapi.json by scripts/generate-api-client.ts: do not edit.
export interface paths {
    "/api/v1/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify a policy synchronously */
        post: operations["verifyPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verify/async": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify a policy as a job, optionally from a document */
        post: operations["verifyPolicyAsync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verify/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify up to 100 policies as a batch */
        post: operations["verifyBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/extract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Extract the fields of an insurance document */
        post: operations["extractDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A job record */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches/{batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A batch and, once complete, its results */
        get: operations["getBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/insurers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search the regulator register */
        get: operations["searchInsurers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key holder's plan, credits and usage */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's signed monthly credit statements
         * @description Newest month first, each signed with Ed25519 by a key published at /.well-known/pvs-ledger-keys.json; `npx pvs-verify-ledger` checks them against the ledger export (docs/ledger-verification.md).
         */
        get: operations["listLedgerStatements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's own credit ledger, as the verifier reads it
         * @description Every credits event of the account, oldest first, one JSON line each: `{"stream", "revision", "type", "data", "chain": {"prev", "hash", "version"}, "recorded_at"}`. With the statements and /.well-known/pvs-ledger-keys.json, `npx pvs-verify-ledger` checks it (docs/ledger-verification.md).
         */
        get: operations["exportLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process answers */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every engine the service needs answers */
        get: operations["readiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{job_id}/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Correct fields of a completed extraction
         * @description Each field whose value changes is recorded as a correction (who, when, from what to what); the reading stays in the job’s history. The job record then shows the corrected values in `result` and says which were corrected in `corrections`; an `extraction.corrected` webhook goes to the job’s webhook_url (live keys). A value equal to the current one changes nothing.
         */
        post: operations["correctExtraction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The monitors of this key’s account and mode, newest first */
        get: operations["listMonitors"];
        put?: never;
        /**
         * Watch a policy: re-verified on a schedule, with an event at each change
         * @description Starts the monitor and answers once its first check is in (within about 10 seconds; a registry that does not answer is retried and the answer comes without it). Send an Idempotency-Key to make a retry safe.
         */
        post: operations["createMonitor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/monitors/{monitor_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A monitor and its timeline */
        get: operations["getMonitor"];
        put?: never;
        post?: never;
        /**
         * Stop a monitor
         * @description Its last event is monitor.stopped (reason deleted). Stopping a stopped monitor answers it as it is.
         */
        delete: operations["deleteMonitor"];
        options?: never;
        head?: never;
        /**
         * Change where and how a monitor’s events are sent
         * @description The next event goes by the new settings; a new frequency counts its first interval from now.
         */
        patch: operations["updateMonitor"];
        trace?: never;
    };
    "/api/v1/datasets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List and search datasets */
        get: operations["listDatasets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datasets/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A dataset with metadata, links and freshness */
        get: operations["getDataset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/datasets/{slug}/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Points of a dataset
         * @description The parameters apply in a fixed order: `frequency` (aggregation), then `units`, then the range (`observation_start`, `observation_end`), then `limit` points from the end `direction` names.
         */
        get: operations["getDatasetSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Up to 10 series at once, aligned on dates
         * @description Each series is shaped as on /api/v1/datasets/{slug}/series, with the same parameters in the same order (`frequency`, then `units`, then the range); then the series are aligned on the dates any of them has, and `limit` dates are kept from the end `direction` names. A frequency finer than any one dataset’s cadence is a 400.
         */
        get: operations["getSeveralSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/data/{slug}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sparkline data for a dataset (no key needed) */
        get: operations["getDatasetPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    jobResult: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The result callback of an async verification or an extraction (Standard Webhooks signed) */
        post: operations["jobResultWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    monitorEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A monitor’s event: policy.changed, policy.expiring, policy.expired, policy.renewed, monitor.paused, monitor.stopped (Standard Webhooks signed; test keys get them too) */
        post: operations["monitorEventWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        WebhookEvent: {
            /** @enum {string} */
            type: "verification.completed" | "verification.failed" | "extraction.completed" | "extraction.failed" | "extraction.corrected";
            /** Format: date-time */
            timestamp: string;
            data: components["schemas"]["Job"];
        };
        /** @description A job record, by its kind (`type`). result is null until the job completes and after retention erased it (result_erased_at); credits_charged stays. */
        Job: components["schemas"]["VerificationJob"] | components["schemas"]["ExtractionJob"];
        /** @description An async verification; result is the verification answer once complete. */
        VerificationJob: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "verification";
            job_id: string;
            /** @enum {string} */
            status: "pending" | "complete" | "failed";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            error: {
                error: string;
                message?: string;
                code?: number;
            } | null;
            /** Format: date-time */
            result_erased_at?: string;
            webhook: {
                url: string;
                /**
                 * @description not_sent: a test key's job, whose callback the sandbox never delivers (the reason says so).
                 * @enum {string|null}
                 */
                status: "pending" | "delivered" | "failed" | "not_sent" | null;
                attempts: number;
                /** Format: date-time */
                last_attempt_at: string | null;
                /** @description Why the callback is not sent (test keys). */
                reason?: string;
            } | null;
            /** @description Credits the job was charged once finished (a test key: 0); null while pending. */
            credits_charged: number | null;
            poll_url?: string;
            result: components["schemas"]["VerificationResult"] | null;
        };
        /** @description The answer of a verification: status and score, the checks that ran, the matched insurer, flags and the credits charged. */
        VerificationResult: {
            /** @enum {string} */
            status: "verified" | "inconclusive" | "unverified";
            confidence_score: number;
            verification_sources: string[];
            insurer: components["schemas"]["InsurerRef"] | null;
            flags: string[];
            credits_charged: number;
            processed_in_ms: number;
            /** @enum {boolean} */
            sandbox?: true;
        };
        InsurerRef: {
            name: string;
            reference: string;
            /** @enum {string} */
            regulated: "YES" | "NO";
            authorised: boolean;
        };
        /** @description A document extraction; result is the extraction result once complete, with the values as corrected. */
        ExtractionJob: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "extraction";
            job_id: string;
            /** @enum {string} */
            status: "pending" | "complete" | "failed";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            error: {
                error: string;
                message?: string;
                code?: number;
            } | null;
            /** Format: date-time */
            result_erased_at?: string;
            webhook: {
                url: string;
                /**
                 * @description not_sent: a test key's job, whose callback the sandbox never delivers (the reason says so).
                 * @enum {string|null}
                 */
                status: "pending" | "delivered" | "failed" | "not_sent" | null;
                attempts: number;
                /** Format: date-time */
                last_attempt_at: string | null;
                /** @description Why the callback is not sent (test keys). */
                reason?: string;
            } | null;
            /** @description Credits the job was charged once finished (a test key: 0); null while pending. */
            credits_charged: number | null;
            poll_url?: string;
            result: components["schemas"]["ExtractionResult"] | null;
            corrections?: components["schemas"]["ExtractionCorrections"];
        };
        /** @description The policy fields read from the document (null when not found), its coverage, language, page count, how its text was read, a confidence per field and where each field was read. */
        ExtractionResult: {
            policy_number: string | null;
            /** @description The registered name of the insurer the document names. */
            insurer: string | null;
            /** @enum {string|null} */
            insurance_type: "motor" | "travel" | "health" | null;
            /** Format: date */
            start_date: string | null;
            /** Format: date */
            end_date: string | null;
            vehicle_registration: string | null;
            coverage: {
                /** @description A code: comprehensive, third_party_fire_theft, third_party, single_trip, annual_multi_trip, hospital, basic. */
                level: string | null;
                excess: {
                    amount: number;
                    /** @description ISO 4217, e.g. GBP, EUR. */
                    currency: string;
                } | null;
                sum_insured: {
                    amount: number;
                    /** @description ISO 4217, e.g. GBP, EUR. */
                    currency: string;
                } | null;
                territorial_scope: string | null;
            };
            /** @enum {string|null} */
            language: "en" | "de" | "fr" | null;
            pages: number;
            /** @enum {string} */
            method: "text" | "ocr";
            /** @description 0 to 1 per field; 0 for a field not found. */
            field_confidence: {
                [key: string]: number;
            };
            /** @description Per found field (keyed like field_confidence), where it was read. A field not found has none. Absent on results recorded before evidence was kept. */
            evidence?: {
                policy_number?: components["schemas"]["FieldEvidence"];
                insurer?: components["schemas"]["FieldEvidence"];
                insurance_type?: components["schemas"]["FieldEvidence"];
                start_date?: components["schemas"]["FieldEvidence"];
                end_date?: components["schemas"]["FieldEvidence"];
                vehicle_registration?: components["schemas"]["FieldEvidence"];
                "coverage.level"?: components["schemas"]["FieldEvidence"];
                "coverage.excess"?: components["schemas"]["FieldEvidence"];
                "coverage.sum_insured"?: components["schemas"]["FieldEvidence"];
                "coverage.territorial_scope"?: components["schemas"]["FieldEvidence"];
                language?: components["schemas"]["FieldEvidence"];
            };
        };
        /** @description Where a field was read, and whether a person should check it. */
        FieldEvidence: {
            /** @description 1-based; null when the value is not printed at one place (the language). */
            page: number | null;
            box: components["schemas"]["EvidenceBox"] | null;
            /** @description The words the value was read from, as the reader gave them. */
            words: string[];
            /**
             * @description The PDF's text layer, or OCR of the page image.
             * @enum {string}
             */
            source: "text" | "ocr";
            /** @description How sure the value read here is: the field's confidence, lowered to OCR's own confidence in these words when that is lower. */
            confidence: number;
            /** @description true when confidence is under 0.6. */
            needs_review: boolean;
        };
        /** @description A box on a page as fractions of the page's width and height, measured from its top-left corner: the same at any resolution or page size. */
        EvidenceBox: {
            x: number;
            y: number;
            width: number;
            height: number;
        };
        /** @description A completed extraction’s corrections: per field its value now (result holds the same), whether it was corrected and what was read; every correction, oldest first. Absent on other jobs and once the result is erased. */
        ExtractionCorrections: {
            fields: {
                policy_number: components["schemas"]["CorrectedField"];
                insurer: components["schemas"]["CorrectedField"];
                insurance_type: components["schemas"]["CorrectedField"];
                start_date: components["schemas"]["CorrectedField"];
                end_date: components["schemas"]["CorrectedField"];
                vehicle_registration: components["schemas"]["CorrectedField"];
                "coverage.level": components["schemas"]["CorrectedField"];
                "coverage.excess": components["schemas"]["CorrectedField"];
                "coverage.sum_insured": components["schemas"]["CorrectedField"];
                "coverage.territorial_scope": components["schemas"]["CorrectedField"];
                language: components["schemas"]["CorrectedField"];
            };
            history: components["schemas"]["Correction"][];
        };
        CorrectedField: {
            /** @description The value now: the reading, or the last correction’s. */
            value?: unknown;
            /** @description true once a correction changed this field. */
            corrected: boolean;
            /** @description The value the service read from the document. */
            read?: unknown;
        };
        Correction: {
            /** @enum {string} */
            field: "policy_number" | "insurer" | "insurance_type" | "start_date" | "end_date" | "vehicle_registration" | "coverage.level" | "coverage.excess" | "coverage.sum_insured" | "coverage.territorial_scope" | "language";
            from?: unknown;
            to?: unknown;
            /** @description Who corrected: a key of the account (its id), or the person signed in to the dashboard. */
            by: {
                /** @enum {string} */
                via: "api";
                key_id: string;
            } | {
                /** @enum {string} */
                via: "dashboard";
                person: string | null;
            };
            /** Format: date-time */
            at: string;
        };
        MonitorEvent: {
            /** @description The same on every attempt: `{monitor_id}.{notice}`. */
            id: string;
            /** @enum {string} */
            type: "policy.changed" | "policy.expiring" | "policy.expired" | "policy.renewed" | "monitor.paused" | "monitor.stopped";
            /**
             * Format: date-time
             * @description When the event occurred.
             */
            timestamp: string;
            /** @description The monitor, your metadata, the policy as last seen and what the event says. */
            data: {
                monitor_id: string;
                metadata: {
                    [key: string]: string;
                };
                policy: {
                    policy_number: string;
                    country: string;
                    insurance_type: string;
                } & {
                    [key: string]: unknown;
                };
                changes?: components["schemas"]["PolicyChange"][];
                period?: {
                    /** Format: date */
                    start: string;
                    /** Format: date */
                    end: string;
                };
                previous_period?: {
                    /** Format: date */
                    start: string;
                    /** Format: date */
                    end: string;
                };
                days_left?: number;
                reason?: string;
            };
        };
        /** @description One field that changed; a period reads start/end. */
        PolicyChange: {
            /** @enum {string} */
            field: "status" | "insurer" | "period" | "vehicle";
            from: string | null;
            to: string | null;
        };
        VerifyMissingFieldsError: {
            /** @enum {string} */
            error: "missing_required_fields";
            detail: string;
        };
        /** @description The error shape of every endpoint: a machine-readable code, a sentence and the HTTP status, plus retry_after (seconds) on 429. */
        Error: {
            /** @description Machine-readable code, e.g. invalid_parameter, not_found, rate_limit_exceeded. */
            error: string;
            /** @description Human-readable explanation. */
            message: string;
            /** @description The HTTP status. */
            code: number;
            /** @description Seconds to wait; present on 429. */
            retry_after?: number;
            /** @description Credits the request needs; present on 402. */
            credits_needed?: number;
            /** @description Credits the account can spend now; present on 402. */
            credits_available?: number;
        };
        VerifyNoCreditsError: {
            /** @enum {string} */
            error: "insufficient_credits";
            detail: string;
        };
        /** @description A policy to verify. A field given as null or blank counts as not given; a field not listed here is refused (400 invalid_request). */
        VerificationRequest: {
            /**
             * @description The policy number as printed on the policy.
             * @example AXK12345678
             */
            policy_number: string;
            /**
             * @description UK, DE or FR; case and surrounding blanks do not matter.
             * @example UK
             * @enum {string}
             */
            country: "UK" | "DE" | "FR";
            /**
             * @description motor, travel or health; case and surrounding blanks do not matter.
             * @example motor
             * @enum {string}
             */
            insurance_type: "motor" | "travel" | "health";
            /**
             * @description The insurer as the policy names it; a match raises the confidence.
             * @example AXA
             */
            provider?: string;
            /**
             * @deprecated
             * @description The deprecated name of insurance_type, read when insurance_type is not given.
             * @example motor
             * @enum {string}
             */
            type?: "motor" | "travel" | "health";
        };
        JobAccepted: {
            job_id: string;
            /** @enum {string} */
            status: "pending";
            poll_url: string;
            /** @description A test key's job given a webhook_url: the sandbox sends no callback, and says why. */
            webhook?: {
                url: string;
                /** @enum {string} */
                status: "not_sent";
                reason: string;
            };
        };
        AsyncVerificationRequest: {
            /**
             * @description Required unless document is given.
             * @example AXK12345678
             */
            policy_number?: string;
            /**
             * @description UK, DE or FR; case and surrounding blanks do not matter.
             * @example UK
             * @enum {string}
             */
            country: "UK" | "DE" | "FR";
            /**
             * @description motor, travel or health; case and surrounding blanks do not matter.
             * @example motor
             * @enum {string}
             */
            insurance_type: "motor" | "travel" | "health";
            /**
             * @description The insurer as the policy names it; a match raises the confidence.
             * @example AXA
             */
            provider?: string;
            /**
             * @deprecated
             * @description The deprecated name of insurance_type, read when insurance_type is not given.
             * @example motor
             * @enum {string}
             */
            type?: "motor" | "travel" | "health";
            /** @description A PDF, base64-encoded (a data: URL prefix and the URL-safe alphabet are accepted). */
            document?: string;
            /**
             * Format: uri
             * @description An https URL that receives the result as a signed callback (the webhook jobResult).
             */
            webhook_url?: string;
        };
        Batch: {
            batch_id: string;
            /** @enum {string} */
            status: "pending" | "processing" | "complete";
            total_count: number;
            completed_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            summary?: unknown;
            results?: {
                [key: string]: unknown;
            }[] | null;
            /** Format: date-time */
            results_erased_at?: string;
        };
        BatchAccepted: {
            batch_id: string;
            /** @enum {string} */
            status: "pending";
            total_count: number;
        };
        BatchRequest: {
            /** @description 1 to 100 policies; a problem with one is a 400 naming it (policies[i]). */
            policies: components["schemas"]["VerificationRequest"][];
        };
        ExtractionUpload: {
            /**
             * Format: binary
             * @description The PDF, at most 14 MB.
             */
            file: string;
            /**
             * Format: uri
             * @description An https URL that receives the result as a signed callback (the webhook jobResult).
             */
            webhook_url?: string;
        };
        Account: {
            account_id: string;
            key_id: string;
            /** @enum {string} */
            mode: "live" | "test";
            plan: string;
            credits: {
                available: number;
                reserved: number;
                monthly_allowance: number;
                /** Format: date-time */
                period_end: string;
            };
            requests: {
                this_month: number;
                monthly_limit: number;
                this_minute: number;
                per_minute_limit: number;
            };
        };
        LedgerStatements: {
            statements: components["schemas"]["LedgerStatement"][];
            keys_url: string;
        };
        LedgerStatement: {
            /** @description 2: with edition and supersedes. */
            version: 1 | 2;
            account_id: string;
            stream: string;
            /** @description The UTC month, YYYY-MM. */
            period: string;
            first_revision: number;
            last_revision: number;
            event_count: number;
            opening_balance: number;
            closing_balance: number;
            opening_reserved: number;
            closing_reserved: number;
            /** @description Credits by what moved them: granted:<reason>, charged:<operation>, expired, reserved:, captured:, released:<operation>. */
            totals: {
                [key: string]: number;
            };
            opening_chain_head: string;
            /** @description The hash chain link of the last event of the month. */
            chain_head: string;
            /** @description The month had ended when it was signed. */
            closed: boolean;
            /** Format: date-time */
            signed_at: string;
            /** @description Statements are append-only: a month signed again gets the next edition; both stay listed. */
            edition?: number;
            /** @description The SHA-256 of the canonical JSON of the edition before (signature included), or null. */
            supersedes?: string | null;
            /** @enum {string} */
            algorithm: "Ed25519";
            /** @description The key of /.well-known/pvs-ledger-keys.json that signed it. */
            key_id: string;
            /** @description Ed25519 over the RFC 8785 canonical JSON of every other field, base64. */
            signature: string;
        };
        CorrectionsRequest: {
            /**
             * @description The corrected value of each field to change, keyed like field_confidence ("coverage.excess"); null: the document has no such value.
             * @example {
             *       "policy_number": "AXK12345678",
             *       "coverage.excess": {
             *         "amount": 250,
             *         "currency": "GBP"
             *       }
             *     }
             */
            corrections: {
                /** @description The policy number as printed. */
                policy_number?: string | null;
                /** @description The insurer, as its registered name. */
                insurer?: string | null;
                /** @enum {string|null} */
                insurance_type?: "motor" | "travel" | "health" | null;
                /** Format: date */
                start_date?: string | null;
                /** Format: date */
                end_date?: string | null;
                /** @description In the country’s usual notation. */
                vehicle_registration?: string | null;
                /** @description A code: comprehensive, third_party_fire_theft, third_party, single_trip, … */
                "coverage.level"?: string | null;
                "coverage.excess"?: {
                    amount: number;
                    currency: string;
                } | null;
                "coverage.sum_insured"?: {
                    amount: number;
                    currency: string;
                } | null;
                /** @enum {string|null} */
                "coverage.territorial_scope"?: "united_kingdom" | "germany" | "france" | "europe" | "worldwide" | "worldwide_excluding_usa_canada" | null;
                /** @enum {string|null} */
                language?: "en" | "de" | "fr" | null;
            };
        };
        Monitor: {
            /** @example mon_5f0c3b1e9a7d4c2e8b6a1f3d5c7e9b20 */
            monitor_id: string;
            /** @enum {string} */
            status: "active" | "paused" | "stopped";
            /** @description Started with a test key: the sandbox’s stories, free. */
            sandbox: boolean;
            /** @description The policy watched; empty once erased. */
            request: {
                policy_number?: string;
                country?: string;
                insurance_type?: string;
                provider?: string;
            };
            /** @description Null once erased. */
            webhook_url: string | null;
            expiry_notice_days: number;
            /** @enum {string} */
            frequency: "daily" | "weekly" | "minutely";
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description When the monitor started.
             */
            created_at: string;
            /** @description The policy as last seen; in the POST’s answer, the first check’s result. */
            policy: {
                /** @enum {string} */
                status: "active" | "cancelled" | "not_found";
                insurer: string | null;
                period: {
                    /** Format: date */
                    start: string;
                    /** Format: date */
                    end: string;
                } | null;
                /** @description The vehicle registration on a motor policy. */
                vehicle: string | null;
                /** Format: date */
                as_of: string;
                /**
                 * Format: date-time
                 * @description When it was seen.
                 */
                checked_at: string;
            } | null;
            /**
             * Format: date-time
             * @description The last check (one that saw nothing new is recorded nowhere else).
             */
            last_check_at: string | null;
            /**
             * Format: date-time
             * @description The next check; null once paused or stopped.
             */
            next_check_at: string | null;
            /** @description The last answer that differed from the one before; a renewal lists no change. */
            last_change: {
                /**
                 * Format: date-time
                 * @description When it was seen.
                 */
                at: string;
                check: number;
                changes: components["schemas"]["PolicyChange"][];
            } | null;
            /** @enum {string|null} */
            stop_reason: "deleted" | "account_closed" | null;
            /**
             * Format: date-time
             * @description When it stopped.
             */
            stopped_at: string | null;
            /** @description Events its webhook took. */
            notices_sent: number;
            /**
             * Format: date-time
             * @description When its personal data was erased (retention after its stop, or its account’s closing); null while kept.
             */
            erased_at: string | null;
        };
        /** @description A policy to watch, and where and how its events are sent. */
        MonitorRequest: {
            /**
             * @description The policy number as printed on the policy.
             * @example AXK12345678
             */
            policy_number: string;
            /**
             * @description UK, DE or FR; case and surrounding blanks do not matter.
             * @example UK
             * @enum {string}
             */
            country: "UK" | "DE" | "FR";
            /**
             * @description motor, travel or health; case and surrounding blanks do not matter.
             * @example motor
             * @enum {string}
             */
            insurance_type: "motor" | "travel" | "health";
            /**
             * @description The insurer as the policy names it; a match raises the confidence.
             * @example AXA
             */
            provider?: string;
            /**
             * @deprecated
             * @description The deprecated name of insurance_type, read when insurance_type is not given.
             * @example motor
             * @enum {string}
             */
            type?: "motor" | "travel" | "health";
            /**
             * Format: uri
             * @description The https URL each of the monitor’s events is sent to, signed.
             */
            webhook_url: string;
            /**
             * @description Days before the policy's end that policy.expiring is sent; 0 to 90, default 30.
             * @example 30
             */
            expiry_notice_days?: number;
            /**
             * @description Default daily.
             * @enum {string}
             */
            frequency?: "daily" | "weekly" | "minutely";
            /**
             * @description Up to 20 pairs of your own (keys up to 40 characters, values up to 200), returned on every event.
             * @example {
             *       "loan_id": "L-1042"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        MonitorWithTimeline: {
            /** @example mon_5f0c3b1e9a7d4c2e8b6a1f3d5c7e9b20 */
            monitor_id: string;
            /** @enum {string} */
            status: "active" | "paused" | "stopped";
            /** @description Started with a test key: the sandbox’s stories, free. */
            sandbox: boolean;
            /** @description The policy watched; empty once erased. */
            request: {
                policy_number?: string;
                country?: string;
                insurance_type?: string;
                provider?: string;
            };
            /** @description Null once erased. */
            webhook_url: string | null;
            expiry_notice_days: number;
            /** @enum {string} */
            frequency: "daily" | "weekly" | "minutely";
            metadata: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description When the monitor started.
             */
            created_at: string;
            /** @description The policy as last seen; in the POST’s answer, the first check’s result. */
            policy: {
                /** @enum {string} */
                status: "active" | "cancelled" | "not_found";
                insurer: string | null;
                period: {
                    /** Format: date */
                    start: string;
                    /** Format: date */
                    end: string;
                } | null;
                /** @description The vehicle registration on a motor policy. */
                vehicle: string | null;
                /** Format: date */
                as_of: string;
                /**
                 * Format: date-time
                 * @description When it was seen.
                 */
                checked_at: string;
            } | null;
            /**
             * Format: date-time
             * @description The last check (one that saw nothing new is recorded nowhere else).
             */
            last_check_at: string | null;
            /**
             * Format: date-time
             * @description The next check; null once paused or stopped.
             */
            next_check_at: string | null;
            /** @description The last answer that differed from the one before; a renewal lists no change. */
            last_change: {
                /**
                 * Format: date-time
                 * @description When it was seen.
                 */
                at: string;
                check: number;
                changes: components["schemas"]["PolicyChange"][];
            } | null;
            /** @enum {string|null} */
            stop_reason: "deleted" | "account_closed" | null;
            /**
             * Format: date-time
             * @description When it stopped.
             */
            stopped_at: string | null;
            /** @description Events its webhook took. */
            notices_sent: number;
            /**
             * Format: date-time
             * @description When its personal data was erased (retention after its stop, or its account’s closing); null while kept.
             */
            erased_at: string | null;
            timeline: components["schemas"]["MonitorTimelineEntry"][];
        };
        /** @description observed: a check whose answer differed (check, as_of, observation, changes); notice_due, notice_attempt (attempt, http_status, outcome), notice_sent (delivered, attempts): an event and its delivery; notice_resent (resend_id): the event sent again from the dashboard, whose attempts and end carry that resend_id; changed: a PATCH (settings); stopped: its end (reason). */
        MonitorTimelineEntry: {
            /**
             * Format: date-time
             * @description When it happened.
             */
            at: string;
            /** @enum {string} */
            type: "started" | "observed" | "charged" | "erased" | "notice_due" | "notice_attempt" | "notice_sent" | "notice_resent" | "paused" | "resumed" | "changed" | "stopped";
        } & {
            [key: string]: unknown;
        };
        /** @description The settings to change; those not given stay as they are. */
        MonitorChange: {
            /**
             * Format: uri
             * @description The https URL each of the monitor’s events is sent to, signed.
             */
            webhook_url?: string;
            /**
             * @description Days before the policy's end that policy.expiring is sent; 0 to 90, default 30.
             * @example 30
             */
            expiry_notice_days?: number;
            /**
             * @description How often the policy is checked: daily or weekly; test keys may also ask for minutely.
             * @enum {string}
             */
            frequency?: "daily" | "weekly" | "minutely";
            /**
             * @description Up to 20 pairs of your own (keys up to 40 characters, values up to 200), returned on every event.
             * @example {
             *       "loan_id": "L-1042"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        DatasetList: {
            datasets: components["schemas"]["DatasetSummary"][];
            /** @description How many datasets match in all (not only on this page). */
            count: number;
            limit: number;
            offset: number;
        };
        DatasetSummary: {
            slug: string;
            title: string;
            description: string;
            /** @enum {string} */
            category: "inflation" | "interest-rates" | "housing" | "fx" | "energy" | "motor" | "macro";
            /** @enum {string} */
            source: "ons" | "boe" | "nationwide" | "bis" | "world-bank" | "fred" | "eia" | "emmi" | "destatis";
            /** @enum {string} */
            cadence: "daily" | "weekly" | "monthly" | "quarterly" | "annual";
            unit: string;
            latest: components["schemas"]["SeriesPoint"] | null;
            freshness: components["schemas"]["Freshness"];
        };
        SeriesPoint: {
            /** Format: date */
            date: string;
            value: number;
        };
        Freshness: {
            /** Format: date */
            last_observation_date: string | null;
            /** Format: date-time */
            last_refreshed_at: string | null;
            /**
             * Format: date
             * @description When the observation after the last one should be published.
             */
            next_expected_date: string | null;
            /** @description Days since the last observation’s date. */
            age_days: number | null;
            /**
             * @description fresh: nothing newer is expected yet; due: the next observation is being published about now; overdue: it should be out; stale: several periods behind.
             * @enum {string}
             */
            status: "fresh" | "due" | "overdue" | "stale";
        };
        DatasetDetail: {
            slug: string;
            title: string;
            description: string;
            /** @enum {string} */
            category: "inflation" | "interest-rates" | "housing" | "fx" | "energy" | "motor" | "macro";
            /** @enum {string} */
            source: "ons" | "boe" | "nationwide" | "bis" | "world-bank" | "fred" | "eia" | "emmi" | "destatis";
            /** @enum {string} */
            cadence: "daily" | "weekly" | "monthly" | "quarterly" | "annual";
            unit: string;
            latest: components["schemas"]["SeriesPoint"] | null;
            freshness: components["schemas"]["FreshnessDetail"];
            metadata: {
                publisher: string;
                licence: string;
                /** Format: uri */
                source_url: string;
                methodology: string;
                coverage: {
                    /** Format: date */
                    start: string | null;
                    /** Format: date */
                    end: string | null;
                };
                observation_count: number;
            };
            links: {
                self: string;
                series: string;
                preview: string;
                /** Format: uri */
                source: string;
            };
            /** @description Every vintage, oldest first: the first load, then each refresh that changed a published point, with how many points it added, revised and removed. */
            revisions: {
                /**
                 * Format: date
                 * @description The UTC day it was published: as_of from this date on answers it.
                 */
                date: string;
                /** Format: date-time */
                published_at: string;
                added: number;
                revised: number;
                removed: number;
            }[];
        };
        /** @description The freshness of a list item, and when data and metadata last changed and the next release. */
        FreshnessDetail: {
            /** Format: date */
            last_observation_date: string | null;
            /** Format: date-time */
            last_refreshed_at: string | null;
            /**
             * Format: date
             * @description When the observation after the last one should be published.
             */
            next_expected_date: string | null;
            /** @description Days since the last observation’s date. */
            age_days: number | null;
            /**
             * @description fresh: nothing newer is expected yet; due: the next observation is being published about now; overdue: it should be out; stale: several periods behind.
             * @enum {string}
             */
            status: "fresh" | "due" | "overdue" | "stale";
            /**
             * Format: date-time
             * @description When a point of the series last changed: added, revised or removed. A refresh that finds the same points leaves it.
             */
            data_updated_at: string | null;
            /**
             * Format: date-time
             * @description When the description of the dataset (title, unit, publisher, methodology, …) last changed.
             */
            metadata_updated_at: string | null;
            /** @description Null when the series has no observations and no release calendar is known. */
            next_release: {
                /**
                 * Format: date
                 * @description The publisher’s next release on or after today.
                 */
                date: string;
                /** @description True unless the date is from the publisher’s release calendar. */
                estimated: boolean;
                /**
                 * @description calendar: the publisher’s announced date; cadence: estimated as an observation date after the last one plus the publisher’s usual delay, the first not in the past.
                 * @enum {string}
                 */
                basis: "calendar" | "cadence";
            } | null;
            /** @description Why the dataset is overdue or stale, when the service can tell: only the bundled snapshot is loaded (DATASET_SOURCES=bundled), or the publisher’s source is failing. Null otherwise. */
            reason: string | null;
            /** @description Where the data comes from and whether its source is failing. */
            source?: {
                /**
                 * @description live: the last refresh read the publisher’s own download (DATASET_SOURCES=live); bundled: the file shipped with the service.
                 * @enum {string}
                 */
                mode: "live" | "bundled";
                /** @description The publisher URL the last refresh read or tried; null for the bundled file. */
                url: string | null;
                /** @description Why the source last failed (unreachable, an HTTP error, a response in another format), until a refresh reads it cleanly again. The data served is then the last good data (or the bundled file, for a dataset that never loaded from its source). */
                last_error: string | null;
                /** Format: date-time */
                last_error_at: string | null;
            };
        };
        Series: {
            slug: string;
            /** @enum {string} */
            direction: "latest" | "earliest";
            limit: number;
            /**
             * Format: date
             * @description The range asked for, when one was.
             */
            observation_start?: string;
            /**
             * Format: date
             * @description The range asked for, when one was.
             */
            observation_end?: string;
            /**
             * Format: date
             * @description The vintage asked for, when one was.
             */
            as_of?: string;
            /**
             * @description The units the points carry (the `units` parameter; lin, the level, by default).
             * @enum {string}
             */
            units: "lin" | "chg" | "ch1" | "pch" | "pc1" | "pca" | "log";
            /**
             * @description The frequency aggregated to, when one was asked for.
             * @enum {string}
             */
            frequency?: "weekly" | "monthly" | "quarterly" | "annual";
            /**
             * @description How periods were aggregated; present with `frequency`.
             * @enum {string}
             */
            aggregation_method?: "avg" | "sum" | "eop";
            /** @description How many points this series has as asked for (after `frequency`, `units` and the range), before `limit`: counted as `points` is, quarters beside quarters. `points` holds at most `limit` of them. */
            count: number;
            /** @description How many observations the dataset has at its own cadence (in the vintage, with `as_of`), whatever was asked. */
            observation_count: number;
            /** @description In date order, oldest first. */
            points: components["schemas"]["SeriesPoint"][];
            /** @description Present with `frequency`: the start dates of the periods shown that the data covers only in part (the first, when the series begins after it did; the last, when it is still running or the source has not caught up). Their values come from the observations there are. Empty when every period shown is whole. */
            incomplete_periods?: string[];
        };
        MultiSeries: {
            /** @description The datasets, in the order asked for: the order of `values` and of the CSV columns. */
            slugs: string[];
            /** @enum {string} */
            direction: "latest" | "earliest";
            limit: number;
            /**
             * Format: date
             * @description The range asked for, when one was.
             */
            observation_start?: string;
            /**
             * Format: date
             * @description The range asked for, when one was.
             */
            observation_end?: string;
            /**
             * Format: date
             * @description The vintage asked for, when one was.
             */
            as_of?: string;
            /**
             * @description The units the points carry (the `units` parameter; lin, the level, by default).
             * @enum {string}
             */
            units: "lin" | "chg" | "ch1" | "pch" | "pc1" | "pca" | "log";
            /**
             * @description The frequency aggregated to, when one was asked for.
             * @enum {string}
             */
            frequency?: "weekly" | "monthly" | "quarterly" | "annual";
            /**
             * @description How periods were aggregated; present with `frequency`.
             * @enum {string}
             */
            aggregation_method?: "avg" | "sum" | "eop";
            /** @description Every date on which any of the series has a point, in date order: at most `limit` of them, from the end `direction` names. Series dated differently (month starts and month ends) share dates only once `frequency` dates both at period starts. */
            dates: string[];
            /** @description Per slug, one value for each of `dates`: null where that series has no point on that date. */
            values: {
                [key: string]: (number | null)[];
            };
            /** @description Present with `frequency`: per slug, the periods among `dates` its data covers only in part. */
            incomplete_periods?: {
                [key: string]: string[];
            };
        };
        Preview: {
            slug: string;
            title: string;
            unit: string;
            /** @enum {string} */
            cadence: "daily" | "weekly" | "monthly" | "quarterly" | "annual";
            /** @description The last 24 points, oldest first. */
            points: components["schemas"]["SeriesPoint"][];
            min: number | null;
            max: number | null;
            latest: components["schemas"]["SeriesPoint"] | null;
            /** @description From the first to the last point shown. */
            change: {
                absolute: number;
                /** @description Null when the first value is zero. */
                percent: number | null;
            } | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    verifyPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["VerificationRequest"];
            };
        };
        responses: {
            /** @description The verification answer. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationResult"];
                };
            };
            /** @description Invalid input: missing fields as {error: missing_required_fields, detail} (the older form of this endpoint), any other problem as {error, message, code}. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyMissingFieldsError"] | components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credits left, as {error: insufficient_credits, detail} (the older form of this endpoint). */
            402: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyNoCreditsError"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description policy_not_found or insurer_not_found. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over 16 kB (payload_too_large). */
            413: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyPolicyAsync: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AsyncVerificationRequest"];
            };
        };
        responses: {
            /** @description An idempotent retry of a submitted job: the job as it stands. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description The job was accepted. */
            202: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobAccepted"];
                };
            };
            /** @description Invalid input. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credits left (insufficient_credits). */
            402: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the limit (payload_too_large). */
            413: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_webhook_url, invalid_document or idempotency_conflict. */
            422: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The job engine is unreachable, or the document could not be inspected now (service_unavailable, with Retry-After); nothing was charged. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["BatchRequest"];
            };
        };
        responses: {
            /** @description An idempotent retry of a submitted batch. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description The batch was accepted. */
            202: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchAccepted"];
                };
            };
            /** @description Invalid input, naming the item. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not enough credits. */
            402: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over 1 MB. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description batch_too_large or idempotency_conflict. */
            422: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The job engine is unreachable (service_unavailable, with Retry-After); nothing was charged. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    extractDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "multipart/form-data": components["schemas"]["ExtractionUpload"];
            };
        };
        responses: {
            /** @description An idempotent retry: the job as it stands. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description The extraction job was accepted. */
            202: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobAccepted"];
                };
            };
            /** @description No file (missing_required_fields, as on POST /api/v1/verify). */
            400: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credits left. */
            402: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description File too large. */
            413: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_document or invalid_webhook_url. */
            422: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The job engine is unreachable, or the document could not be inspected now (service_unavailable, with Retry-After); nothing was charged. */
            503: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job_id a submission answered with. */
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such job for this key (not_found). */
            404: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The batch_id POST /api/v1/verify/batch answered with. */
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such batch for this key (not_found). */
            404: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchInsurers: {
        parameters: {
            query: {
                /** @description UK, DE or FR; case and surrounding blanks do not matter. */
                country: "UK" | "DE" | "FR";
                /** @description A name or brand, or part of one; at most 100 characters. */
                q: string;
                /** @description Only insurers authorised for this type: motor, travel or health. */
                insurance_type?: "motor" | "travel" | "health";
                /** @description How many matches at most, 1 to 50; default 10. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matches, best first. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        insurers: {
                            [key: string]: unknown;
                        }[];
                        count: number;
                    };
                };
            };
            /** @description Missing or invalid parameter. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A key was sent that is not valid. */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account as seen by this key. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLedgerStatements: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statements. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerStatements"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportLedger: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export (JSON Lines), written as it is read. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    readiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready" | "not_ready";
                        checks: {
                            [key: string]: "ok" | "degraded" | "unavailable";
                        };
                        /** @description Read models behind a parked event: `stopped` at it, `degraded` going on past it (an operator replays it). */
                        degraded?: {
                            [key: string]: "degraded" | "stopped";
                        };
                    };
                };
            };
            /** @description An engine does not answer. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready" | "not_ready";
                        checks: {
                            [key: string]: "ok" | "degraded" | "unavailable";
                        };
                        /** @description Read models behind a parked event: `stopped` at it, `degraded` going on past it (an operator replays it). */
                        degraded?: {
                            [key: string]: "degraded" | "stopped";
                        };
                    };
                };
            };
        };
    };
    correctExtraction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job_id a submission answered with. */
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CorrectionsRequest"];
            };
        };
        responses: {
            /** @description The job record after the correction. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description An unknown field (named), a value of the wrong shape, or no field at all (invalid_request, missing_required_field). */
            400: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such job for this key (not_found): another account’s or the other mode’s job is not found either. */
            404: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The job is not a completed extraction: a verification, a job still running, or one erased (job_not_correctable). */
            409: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over 64 kB (payload_too_large). */
            413: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMonitors: {
        parameters: {
            query?: {
                /** @description Only monitors in this status. */
                status?: "active" | "paused" | "stopped";
                /** @description limit must be an integer from 1 to 100; default 50. */
                limit?: number;
                /** @description offset must be an integer from 0 to 1000000; default 0. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of monitors. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitors: components["schemas"]["Monitor"][];
                        /** @description How many match, in all. */
                        count: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description A bad parameter (invalid_parameter). */
            400: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["MonitorRequest"];
            };
        };
        responses: {
            /** @description The monitor, active, with the first check’s result and its next check. */
            201: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitor"];
                };
            };
            /** @description Invalid input, named (the verification fields as on POST /api/v1/verify). */
            400: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_webhook_url or idempotency_conflict. */
            422: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The job engine is unreachable (service_unavailable, with Retry-After). */
            503: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The monitor_id its POST answered with. */
                monitor_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor, and each check’s news, each event and its delivery, oldest first. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitorWithTimeline"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such monitor for this key (not_found). */
            404: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The monitor_id its POST answered with. */
                monitor_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor, stopped. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitor"];
                };
            };
            /** @description The stop is under way (a check was finishing); the monitor as it stands. */
            202: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitor"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such monitor for this key (not_found). */
            404: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The job engine is unreachable (service_unavailable, with Retry-After). */
            503: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMonitor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The monitor_id its POST answered with. */
                monitor_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["MonitorChange"];
            };
        };
        responses: {
            /** @description The monitor with its new settings. */
            200: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitor"];
                };
            };
            /** @description Invalid input. */
            400: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No key, or a key that is not valid (error unauthorized or invalid_api_key). */
            401: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key lacks the scope this operation needs (error forbidden). */
            403: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such monitor for this key (not_found). */
            404: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The monitor has stopped (monitor_stopped). */
            409: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_webhook_url. */
            422: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The job engine is unreachable (service_unavailable, with Retry-After). */
            503: {
                headers: {
                    /** @description Requests allowed in the current window. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the window resets, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDatasets: {
        parameters: {
            query?: {
                /** @description Full-text search over title, description, category and source; words may be prefixes. Best match first. */
                q?: string;
                /** @description Only datasets of this category. */
                category?: "inflation" | "interest-rates" | "housing" | "fx" | "energy" | "motor" | "macro";
                /** @description Only datasets from this source. */
                source?: "ons" | "boe" | "nationwide" | "bis" | "world-bank" | "fred" | "eia" | "emmi" | "destatis";
                /** @description Only datasets published at this cadence. */
                cadence?: "daily" | "weekly" | "monthly" | "quarterly" | "annual";
                /** @description limit must be an integer from 1 to 1000; default 50. */
                limit?: number;
                /** @description offset must be an integer from 0 to 1000000; default 0. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of matching datasets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetList"];
                };
            };
            /** @description A query parameter is invalid (error invalid_parameter). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Authorization header was sent with a key that is not valid. Keys are optional here. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDataset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The dataset slug, e.g. uk-cpi-annual-rate. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dataset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DatasetDetail"];
                };
            };
            /** @description A query parameter is invalid (error invalid_parameter). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Authorization header was sent with a key that is not valid. Keys are optional here. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No dataset has this slug (error not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDatasetSeries: {
        parameters: {
            query?: {
                /** @description limit must be an integer from 1 to 1000; default 100. */
                limit?: number;
                /** @description latest (default): the most recent `limit` points; earliest: the first. Points are in date order either way. */
                direction?: "latest" | "earliest";
                /** @description The first date of the range, inclusive (FRED’s name). Applied after `frequency` and `units` (to the periods’ start dates when aggregating), then `limit` from the end `direction` names. */
                observation_start?: string;
                /** @description The last date of the range, inclusive. */
                observation_end?: string;
                /** @description The series as it was published at the end of that UTC day (ALFRED’s real-time period): the vintage its refreshes had left by then, before any later addition, revision or removal. The detail lists the revision dates. A date before the first vintage is a 400. Everything else then applies to that vintage. */
                as_of?: string;
                /** @description lin (default): the level; chg: change; ch1: change from a year ago; pch: percent change; pc1: percent change from a year ago; pca: compounded annual rate of change; log: natural log. A point whose transform needs an earlier point the series lacks is left out. Applied after `frequency` (so pch of a quarterly series compares quarters), before the range and the limit. */
                units?: "lin" | "chg" | "ch1" | "pch" | "pc1" | "pca" | "log";
                /** @description Aggregate to this lower cadence: weekly (ISO weeks, Monday to Sunday), monthly, quarterly or annual. Each period is dated at its start (Monday; the 1st of the month; 1 January, April, July, October; 1 January). A cadence finer than the dataset’s own is a 400. The first step: aggregation, then `units`, then the range and `limit`. Periods the data covers only in part are kept and listed in `incomplete_periods`. */
                frequency?: "weekly" | "monthly" | "quarterly" | "annual";
                /** @description With `frequency` only (a 400 without it): avg (the default): the mean of the period’s observations; sum: their total; eop: the last observation of the period. */
                aggregation_method?: "avg" | "sum" | "eop";
                /** @description json or csv (RFC 4180 with a header row, text/csv). Without it the Accept header chooses: text/csv preferred to application/json gives CSV; JSON otherwise. */
                format?: "json" | "csv";
            };
            header?: {
                /** @description An ETag from an earlier response: 304 when unchanged. */
                "if-none-match"?: string;
            };
            path: {
                /** @description The dataset slug, e.g. uk-cpi-annual-rate. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The points. */
            200: {
                headers: {
                    /** @description Strong validator of the body; send it back as If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=300 */
                    "Cache-Control"?: string;
                    /** @description Accept: without `format`, the Accept header chooses JSON or CSV. */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Series"];
                    /**
                     * @example date,value
                     *     2025-12-01,138.9
                     *     2026-01-01,138.4
                     *     2026-02-01,139.1
                     */
                    "text/csv": string;
                };
            };
            /** @description Unchanged since the ETag given in If-None-Match. */
            304: {
                headers: {
                    /** @description Strong validator of the body; send it back as If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=300 */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid (error invalid_parameter). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Authorization header was sent with a key that is not valid. Keys are optional here. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No dataset has this slug (error not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSeveralSeries: {
        parameters: {
            query: {
                /** @description 1 to 10 dataset slugs, comma-separated, each at most once. */
                slugs: string;
                /** @description limit must be an integer from 1 to 1000; default 100. */
                limit?: number;
                /** @description latest (default): the most recent `limit` points; earliest: the first. Points are in date order either way. */
                direction?: "latest" | "earliest";
                /** @description The first date of the range, inclusive (FRED’s name). Applied after `frequency` and `units` (to the periods’ start dates when aggregating), then `limit` from the end `direction` names. */
                observation_start?: string;
                /** @description The last date of the range, inclusive. */
                observation_end?: string;
                /** @description The series as it was published at the end of that UTC day (ALFRED’s real-time period): the vintage its refreshes had left by then, before any later addition, revision or removal. The detail lists the revision dates. A date before the first vintage is a 400. Everything else then applies to that vintage. */
                as_of?: string;
                /** @description lin (default): the level; chg: change; ch1: change from a year ago; pch: percent change; pc1: percent change from a year ago; pca: compounded annual rate of change; log: natural log. A point whose transform needs an earlier point the series lacks is left out. Applied after `frequency` (so pch of a quarterly series compares quarters), before the range and the limit. */
                units?: "lin" | "chg" | "ch1" | "pch" | "pc1" | "pca" | "log";
                /** @description Aggregate to this lower cadence: weekly (ISO weeks, Monday to Sunday), monthly, quarterly or annual. Each period is dated at its start (Monday; the 1st of the month; 1 January, April, July, October; 1 January). A cadence finer than the dataset’s own is a 400. The first step: aggregation, then `units`, then the range and `limit`. Periods the data covers only in part are kept and listed in `incomplete_periods`. */
                frequency?: "weekly" | "monthly" | "quarterly" | "annual";
                /** @description With `frequency` only (a 400 without it): avg (the default): the mean of the period’s observations; sum: their total; eop: the last observation of the period. */
                aggregation_method?: "avg" | "sum" | "eop";
                /** @description json or csv (RFC 4180 with a header row, text/csv). Without it the Accept header chooses: text/csv preferred to application/json gives CSV; JSON otherwise. */
                format?: "json" | "csv";
            };
            header?: {
                /** @description An ETag from an earlier response: 304 when unchanged. */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series side by side. */
            200: {
                headers: {
                    /** @description Strong validator of the body; send it back as If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=300 */
                    "Cache-Control"?: string;
                    /** @description Accept: without `format`, the Accept header chooses JSON or CSV. */
                    Vary?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MultiSeries"];
                    /**
                     * @example date,uk-cpi-annual-rate,uk-bank-rate
                     *     2025-04-01,3.5,4.5
                     *     2025-05-01,3.4,4.25
                     */
                    "text/csv": string;
                };
            };
            /** @description Unchanged since the ETag given in If-None-Match. */
            304: {
                headers: {
                    /** @description Strong validator of the body; send it back as If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=300 */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A query parameter is invalid (error invalid_parameter). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An Authorization header was sent with a key that is not valid. Keys are optional here. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description One of the slugs names no dataset (error not_found, naming it). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDatasetPreview: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag from an earlier response: 304 when unchanged. */
                "if-none-match"?: string;
            };
            path: {
                /** @description The dataset slug, e.g. uk-cpi-annual-rate. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The last 24 points with their range and change. */
            200: {
                headers: {
                    /** @description Strong validator of the body; send it back as If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=300 */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Preview"];
                };
            };
            /** @description Unchanged since the ETag given in If-None-Match. */
            304: {
                headers: {
                    /** @description Strong validator of the body; send it back as If-None-Match. */
                    ETag?: string;
                    /** @description public, max-age=300 */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No dataset has this slug (error not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (error rate_limit_exceeded). */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    jobResultWebhook: {
        parameters: {
            query?: never;
            header: {
                "webhook-id": string;
                "webhook-timestamp": string;
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    /** @description Standard Webhooks header. */
                    "webhook-id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    monitorEventWebhook: {
        parameters: {
            query?: never;
            header: {
                "webhook-id": string;
                "webhook-timestamp": string;
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["MonitorEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the delivery. */
            200: {
                headers: {
                    /** @description Standard Webhooks header. */
                    "webhook-id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
