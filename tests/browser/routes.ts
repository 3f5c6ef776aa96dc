/** Every address of the route table, built from config the way src/site/routes/routes.tsx builds it. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), "utf8")) as T;

interface PageConfig {
  route: string;
  each?: "branches" | "specialities" | "posts";
}

/** Every address of the route table: each page (a ':slug' page once per entry) and each treatment page. */
export function routeTable(): string[] {
  const slugsOf = {
    branches: readJson<{ branches: { slug: string }[] }>("site-config/branches.json").branches,
    specialities: readJson<{ specialities: { slug: string }[] }>("site-config/specialities.json").specialities,
    posts: readJson<{ posts: { slug: string }[] }>("site-config/blog-posts.json").posts,
  };
  const pageRoutes = readdirSync(path.join(root, "site-config/pages")).flatMap((file) => {
    const page = readJson<PageConfig>(`site-config/pages/${file}`);
    if (!page.each) return [page.route];
    return slugsOf[page.each].map((entry) => page.route.replace(":slug", entry.slug));
  });
  const collections = path.join(root, "site-config/collections");
  const treatmentRoutes = readdirSync(collections)
    .filter((file) => file.endsWith(".presentation.json"))
    .flatMap((file) => {
      const presentation = readJson<{ route: string; dataFile: string }>(`site-config/collections/${file}`);
      const data = readJson<{ sub_departments: { slug: string }[] }>(
        `site-config/collections/${presentation.dataFile}`,
      );
      return data.sub_departments.map((sub) => presentation.route.replace(":slug", sub.slug));
    });
  return [...pageRoutes, ...treatmentRoutes];
}
