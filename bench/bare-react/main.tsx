// The bench's reference page: React + ReactDOM and nothing else, built with the web app's Vite
// config, so the login page's JavaScript can be compared with the floor any React page pays.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return (
    <main>
      <h1>Hello from bare React</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
