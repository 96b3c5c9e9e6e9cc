import { type Sentiment, sentimentOfScore } from '@plume/core';
import vader from 'vader-sentiment';

/**
 * How a post reads: VADER (Hutto & Gilbert 2014), a sentiment model made for social media
 * (emoji, slang, capitals, "not bad"), through the vader-sentiment library. Handles are left
 * out: a name is not a feeling.
 */
export function sentimentOf(text: string): { sentiment: Sentiment; score: number } {
  const plain = text.replace(/(^|\s)@[\w.-]+/g, ' ');
  const score = vader.SentimentIntensityAnalyzer.polarity_scores(plain).compound;
  return { sentiment: sentimentOfScore(score), score };
}
