import { useSearchParams } from 'react-router';
import type { ViewCustoms } from '../../../../contracts/users.ts';
import {
  ALL_TAG_KEYS,
  ALL_TAG_VALUES,
  applyViewMode,
  type BillingView,
  defaultBillingView,
  formatSelectedTagValues,
  parseSelectedTagValues,
  type SelectedTagValues,
  VIEW_MODES,
  type ViewMode,
} from '../../../../domain/billing-view.ts';
import { type IsoDay, isIsoDay, isWithin } from '../../../../domain/calendar-days.ts';
import { type ProviderView, providerViewFromUrl, providerViewParams } from '../api/provider-view.ts';
import { useSaveViewCustoms } from '../api/save-view-customs.ts';

const isViewMode = (value: string | null): value is ViewMode => VIEW_MODES.includes(value as ViewMode);

/** The view a link or the saved choices describe: URL first, then view_customs, then the defaults. */
export function viewFromUrl(
  params: URLSearchParams,
  today: IsoDay,
  saved: ViewCustoms | undefined,
): BillingView {
  const defaults = defaultBillingView(today, saved);
  const mode = params.get('mode');
  const start = params.get('start');
  const viewMode = isViewMode(mode) ? mode : (saved?.view_mode ?? defaults.viewMode);
  const tagKey = params.get('tag') || defaults.tagKey;
  const values = params.get('values');
  return {
    ...defaults,
    ...applyViewMode(viewMode, start && isIsoDay(start) ? start : today),
    integration: params.get('integration') || defaults.integration,
    tagKey,
    selectedTagValues:
      tagKey === ALL_TAG_KEYS
        ? ALL_TAG_VALUES
        : values
          ? parseSelectedTagValues(values)
          : params.has('tag')
            ? ALL_TAG_VALUES
            : defaults.selectedTagValues,
    isAmortized: params.has('amortized')
      ? params.get('amortized') === 'true'
      : (saved?.is_amortized ?? false),
  };
}

function toViewCustoms(view: BillingView): ViewCustoms {
  return {
    integration: view.integration,
    tag: {
      tag_name: view.tagKey,
      tag_values:
        view.selectedTagValues === ALL_TAG_VALUES ? [] : view.selectedTagValues.map((value) => ({ value })),
    },
    view_mode: view.viewMode,
    is_amortized: view.isAmortized,
  };
}

export interface BillingViewChange {
  viewMode?: ViewMode;
  startDate?: IsoDay;
  integration?: string;
  tagKey?: string;
  selectedTagValues?: SelectedTagValues;
  isAmortized?: boolean;
  /** Provider names to show; empty: every provider (decision 060). */
  providers?: string[];
  groupByProvider?: boolean;
}

/** Series are providers or a tag's values, never both: choosing one lets go of the other. */
function nextProviderView(current: ProviderView, patch: BillingViewChange): ProviderView {
  const choosesTag = patch.tagKey !== undefined && patch.tagKey !== ALL_TAG_KEYS;
  return {
    providers: patch.providers ?? current.providers,
    groupByProvider: patch.groupByProvider ?? (choosesTag ? false : current.groupByProvider),
  };
}

/**
 * The dashboard's controls: mirrored in the URL (a view can be shared and reloaded) and saved to
 * view_customs (the next visit opens the same view).
 */
export function useBillingView(today: IsoDay, saved: ViewCustoms | undefined) {
  const [params, setParams] = useSearchParams();
  const save = useSaveViewCustoms();
  const view = viewFromUrl(params, today, saved);
  const providers = providerViewFromUrl(params);

  function change(patch: BillingViewChange) {
    // Two quick choices (Month, then a tag) can come before React renders the first one: build on the
    // URL as it is now, never on this render's copy of it, or the second choice undoes the first.
    const latest = new URLSearchParams(window.location.search);
    const view = viewFromUrl(latest, today, saved);
    const nextProviders = nextProviderView(providerViewFromUrl(latest), patch);
    const tagKey = patch.groupByProvider ? ALL_TAG_KEYS : (patch.tagKey ?? view.tagKey);
    // A new mode opens on today when the current range holds it (Year -> Month shows this month).
    const anchor =
      patch.startDate ??
      (patch.viewMode && isWithin(today, view.startDate, view.endDate) ? today : view.startDate);
    const next: BillingView = {
      ...view,
      ...applyViewMode(patch.viewMode ?? view.viewMode, anchor),
      integration: patch.integration ?? view.integration,
      tagKey,
      // A new tag key starts from all of its values.
      selectedTagValues:
        patch.selectedTagValues ?? (tagKey !== view.tagKey ? ALL_TAG_VALUES : view.selectedTagValues),
      isAmortized: patch.isAmortized ?? view.isAmortized,
    };
    const url = new URLSearchParams({
      mode: next.viewMode,
      start: next.startDate,
      integration: next.integration,
      tag: next.tagKey,
      values: formatSelectedTagValues(next.selectedTagValues),
      amortized: String(next.isAmortized),
      ...providerViewParams(nextProviders),
    });
    setParams(url, { replace: true });
    const { startDate: _start, endDate: _end, ...kept } = next;
    const { startDate: _s, endDate: _e, ...before } = view;
    if (JSON.stringify(kept) !== JSON.stringify(before)) save.mutate(toViewCustoms(next));
  }

  return { view, providers, change };
}
