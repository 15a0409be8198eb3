-- The seeded dishes' labels as their own descriptions name them: what each contains (mozzarella and cream
-- are dairy, a bun gluten, lobster shellfish...), "vegan" taken off the two dishes with cheese, and the
-- burgers and runny eggs marked cooked to order (the consumer advisory). Only rows still exactly as the
-- seed wrote them change (same description, same labels): a dish staff or Square have labelled since
-- keeps what they said. No label here says a dish is free of anything: only the kitchen says that, in
-- the console, and until then the menu's free-from filters leave the dish out.
UPDATE menu_items AS item
SET dietary = seed.labels::jsonb, updated_at = now()
FROM (VALUES
  (1, '[]', '["contains-gluten", "contains-dairy"]', 'Our crisp flatbread under cupped pepperoni and melting double-cream mozzarella, finished with a sweet-hot black pepper maple.'),
  (2, '["gluten-free-option", "contains-eggs"]', '["gluten-free-option", "contains-eggs", "cooked-to-order"]', 'Two soft yolks layered in a jar over smoky bacon and sweet potato, topped with a tangle of crispy leeks.'),
  (3, '["gluten-free-option", "contains-dairy", "contains-eggs"]', '["gluten-free-option", "contains-dairy", "contains-eggs", "cooked-to-order"]', 'A skillet of smokehouse chili and melted cheddar-jack with red onion and tomato, crowned with a fried egg.'),
  (5, '["vegetarian", "gluten-free-option", "contains-dairy"]', '["vegetarian", "gluten-free-option", "contains-gluten", "contains-dairy"]', 'Creamy burrata kissed with smoke, black salt and herb oil, with blistered cherry tomatoes and toasted ciabatta.'),
  (6, '["vegan", "gluten-free-option"]', '["gluten-free-option", "contains-gluten", "contains-dairy"]', 'Silky hummus with salty Turkish white cheese, sunflower seeds, cranberries and smoked paprika, served with warm flatbread.'),
  (7, '["gluten-free-option"]', '["gluten-free-option", "contains-gluten"]', 'Seared filet mignon tips on little brunch donuts with cornichon and a whisper of white truffle.'),
  (8, '["vegan", "gluten-free-option"]', '["gluten-free-option", "contains-dairy"]', 'Crisp mixed greens, vine-ripened tomatoes, cucumber and shaved Parmigiano. Add lobster, steak, pulled pork or chicken.'),
  (9, '[]', '["contains-gluten"]', 'Savory pancakes piled with slow-pulled pork, pickled carrot, cucumber, red chili, cilantro and basil.'),
  (10, '[]', '["contains-gluten", "contains-dairy"]', 'Grilled chicken thigh on savory pancakes with charred corn, black bean salsa, cheddar-jack and chipotle crema.'),
  (11, '["contains-dairy", "contains-eggs"]', '["contains-gluten", "contains-dairy", "contains-eggs"]', 'Everything-spiced pancakes with smoked salmon, hollandaise crema, red onion, capers and fresh dill.'),
  (12, '["vegetarian", "contains-dairy", "contains-eggs"]', '["vegetarian", "contains-gluten", "contains-dairy", "contains-eggs"]', 'Chocolate-chip pancakes loaded with crushed Oreos, Oreo whipped cream and a pour of dark ganache.'),
  (13, '["vegetarian", "contains-nuts", "contains-dairy", "contains-eggs"]', '["vegetarian", "contains-gluten", "contains-dairy", "contains-nuts", "contains-eggs"]', 'A stack studded with Reese''s cups, topped with Nutter Butter whipped cream and peanut butter maple.'),
  (14, '["vegetarian", "contains-nuts", "contains-dairy", "contains-eggs"]', '["vegetarian", "contains-gluten", "contains-dairy", "contains-nuts", "contains-eggs"]', 'Fluffy pancakes with banana custard, toasted walnut butter and a smoky maple syrup.'),
  (15, '["vegetarian", "contains-dairy", "contains-eggs"]', '["vegetarian", "contains-gluten", "contains-dairy", "contains-eggs"]', 'Whipped ricotta, coffee syrup and crushed espresso on a tall stack: breakfast and your first coffee in one.'),
  (16, '["vegetarian", "gluten-free-option", "contains-dairy", "contains-eggs"]', '["vegetarian", "gluten-free-option", "contains-gluten", "contains-dairy", "contains-eggs"]', 'Bright homemade lemon curd and blueberry syrup over a light stack with ricotta crema.'),
  (17, '["vegetarian", "gluten-free-option", "contains-dairy", "contains-eggs"]', '["vegetarian", "gluten-free-option", "contains-gluten", "contains-dairy", "contains-eggs"]', 'Pancakes drenched in liquid cheesecake with fresh strawberries and graham cracker crumble.'),
  (18, '["vegetarian", "gluten-free-option", "contains-dairy", "contains-eggs"]', '["vegetarian", "gluten-free-option", "contains-gluten", "contains-dairy", "contains-eggs"]', 'The classic buttermilk stack with whipped butter and real maple syrup. Simple, and hard to beat.'),
  (19, '["contains-dairy", "contains-shellfish"]', '["contains-gluten", "contains-dairy", "contains-shellfish"]', 'Chunks of sweet lobster in smoked paprika remoulade on toasted brioche, with Old Bay-truffle chips.'),
  (20, '[]', '["contains-gluten", "contains-dairy"]', 'Sliced steak with aged white cheddar, a kick of fresh horseradish and spring greens.'),
  (21, '[]', '["contains-gluten", "contains-dairy", "cooked-to-order"]', 'Our daytime classic: cheddar, that secret sauce, tomato, onion and spring greens on a soft bun.'),
  (22, '[]', '["contains-dairy", "cooked-to-order"]', 'Applewood smoked bacon, crispy onions, BBQ sauce and cheddar on a juicy patty.'),
  (23, '[]', '["contains-gluten"]', 'Smoky pulled pork with crunchy napa slaw and a splash of Hot Hot Shake First on a Hawaiian bun.'),
  (24, '["vegetarian", "contains-dairy", "contains-eggs"]', '["vegetarian", "contains-gluten", "contains-dairy", "contains-eggs"]', 'Custard-soaked French toast with crème anglaise; choose any of our signature pancake set-ups on top.'),
  (25, '[]', '["contains-gluten", "contains-dairy"]', 'Silky hummus with salty Turkish white cheese, sunflower seeds, cranberries and smoked paprika, served with warm flatbread.'),
  (26, '[]', '["contains-gluten", "contains-dairy"]', 'Creamy burrata kissed with smoke, black salt and herb oil, with blistered cherry tomatoes and toasted ciabatta.'),
  (28, '[]', '["contains-dairy"]', 'Mixed greens, vine-ripened tomatoes, cucumber and Parmigiano. Add lobster, steak, pork belly or chicken.'),
  (30, '[]', '["contains-dairy"]', 'Hand-cut fries tossed in truffle oil and showered with parmesan.'),
  (32, '[]', '["contains-dairy", "cooked-to-order"]', 'Cheddar, that secret sauce, tomato, onion and spring greens: the burger that started the nights.'),
  (33, '[]', '["contains-dairy", "cooked-to-order"]', 'A smoky outlaw of a burger with applewood bacon, crispy onions, BBQ sauce and cheddar.'),
  (34, '["contains-nuts"]', '["contains-dairy", "contains-nuts", "cooked-to-order"]', 'California dreaming: guacamole, tomato, cilantro, white cheddar, sunflower seeds and cranberries.'),
  (35, '[]', '["contains-dairy", "contains-eggs", "cooked-to-order"]', 'Smokehouse chili, cheddar, Hot Hot Shake First and a fried egg. Bring napkins.'),
  (36, '[]', '["contains-dairy", "cooked-to-order"]', 'Creamy brie, caramelized onions and a framboise jam with spring greens.'),
  (37, '[]', '["contains-dairy", "cooked-to-order"]', 'The original Jealous Burger: pickled onions, smoked gouda and a tomato-poblano jam.'),
  (38, '[]', '["contains-dairy", "cooked-to-order"]', 'Maytag blue cheese and sweet caramelized onions with spring greens: a smooth, bold classic.'),
  (39, '[]', '["contains-dairy", "cooked-to-order"]', 'A Miami handshake: guava and queso, caramelized onions and crunchy papitas.'),
  (41, '["vegetarian", "contains-dairy", "contains-eggs"]', '["vegetarian", "contains-gluten", "contains-dairy", "contains-eggs"]', 'A warm double fudge brownie with vanilla ice cream. Add Oreo, Reese''s Pieces, Nutter Butter or bacon bits.'),
  (42, '["vegetarian", "contains-dairy", "contains-eggs"]', '["vegetarian", "contains-gluten", "contains-dairy", "contains-eggs"]', 'Tart Florida key lime in a buttery crust under homemade whipped cream.'),
  (43, '[]', '["contains-gluten", "contains-dairy"]', 'Vanilla ice cream floating in a rich stout: a grown-up root beer float. 21 and over.'),
  (54, '[]', '["contains-gluten"]', 'Beer with lime, spice and a salted rim, Miami style.'),
  (59, '[]', '["contains-dairy"]', 'A scoop of ice cream drowned in espresso with salted caramel.'),
  (62, '[]', '["contains-dairy", "contains-eggs"]', 'A shot of espresso paired with a spoon of sweet custard.'),
  (63, '[]', '["contains-dairy"]', 'Spiced chai steamed with milk.'),
  (64, '[]', '["contains-dairy"]', 'Our chai latte with a shot of espresso.'),
  (66, '[]', '["contains-gluten"]', 'A crisp local pilsner with orange blossom honey.'),
  (67, '[]', '["contains-gluten"]', 'A clean, bitter pils brewed for Miami heat.'),
  (68, '[]', '["contains-gluten"]', 'A juicy, tropical IPA with a dry finish.'),
  (69, '[]', '["contains-gluten"]', 'A big, soft double hazy IPA bursting with citrus.')
) AS seed (id, was, labels, description)
WHERE item.id = seed.id AND item.description = seed.description AND item.dietary = seed.was::jsonb;
