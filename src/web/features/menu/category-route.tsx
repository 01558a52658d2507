import { useLoaderData } from 'react-router';
import { CategoryCardsView } from './category-screen';
import type { categoryLoader } from './menu-loaders';
import { SimpleListView } from './simple-list-screen';

/**
 * `/category/{segment}`: the screen the category's kind has (its loader chose): a list's rows
 * (beverages, sides), or cards to each item's detail screen.
 */
export default function CategoryRoute() {
  const data = useLoaderData<typeof categoryLoader>();
  if (data.view === 'list') {
    return <SimpleListView category={data.category} picked={null} items={data.items} />;
  }
  if (data.view === 'cards') {
    return (
      <CategoryCardsView
        segment={data.category.segment}
        category={data.category}
        items={data.items}
      />
    );
  }
  return <CategoryCardsView segment={data.segment} category={null} items={null} />;
}
