-- The planner's estimate of a keyword's matches chooses the plan and answers 「約N件」 (GET /documents). With
-- the default statistics target only ~1,000 most common grams are tracked, and a counterparty's bigram seen in
-- 3% of a million documents falls back to the 0.5% default guess. Track up to 10,000 grams.
ALTER INDEX documents_search_grams_idx ALTER COLUMN 1 SET STATISTICS 1000;
