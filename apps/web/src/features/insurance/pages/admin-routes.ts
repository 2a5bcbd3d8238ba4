import * as bikePage from './admin-bike-page.tsx';
import * as adminPage from './admin-page.tsx';
import * as productsPage from './admin-products-page.tsx';
import * as reportsPage from './admin-reports-page.tsx';
import * as selfReportsPage from './admin-self-reports-page.tsx';

/*
 * The insurer's admin pages as one chunk the router loads lazily: each page of its own made the
 * bundler split the chunks every page shares into more, smaller ones, which put the public first
 * route over its budget (npm run test:budget). An insurer's staff use them together anyway.
 */
export const admin = adminPage;
export const reports = reportsPage;
export const bike = bikePage;
export const selfReports = selfReportsPage;
export const products = productsPage;
